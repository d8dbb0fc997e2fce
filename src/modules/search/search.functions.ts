import { createServerFn } from '@tanstack/react-start'
import { answer } from '~/modules/door/server-fn.server'
import { searchInputSchema } from './search.schemas'
import { searchGames } from './search.server'

/** The UI's door onto game search (same use case as GET /api/search). */
export const searchGamesFn = createServerFn({ method: 'GET' })
  .validator(searchInputSchema)
  .handler(answer('anyone', ({ db, data }) => searchGames(db, data)))

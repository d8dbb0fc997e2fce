import { createServerFn } from '@tanstack/react-start'
import { getDb } from '~/server/db/client'
import { searchInputSchema } from './search.schemas'
import { searchGames } from './search.server'

/** The UI's door onto game search (same use case as GET /api/search). */
export const searchGamesFn = createServerFn({ method: 'GET' })
  .validator(searchInputSchema)
  .handler(async ({ data }) => searchGames(await getDb(), data))

import { createFileRoute } from '@tanstack/react-router'
import { getRedirectMap } from '~/modules/cms/redirects.server'
import { getDb } from '~/server/db/client'
import { json } from '~/server/http/respond'
import { handle } from '~/modules/door/rest.server'

/** The global redirect map (from-path → target, status), small enough to send whole. */
export const Route = createFileRoute('/api/cms/redirects')({
  server: {
    handlers: {
      GET: handle(async () => json(await getRedirectMap(await getDb()), { cache: { sMaxAge: 300 } })),
    },
  },
})

import { createFileRoute } from '@tanstack/react-router'
import { listLinks } from '~/modules/cms/cms.server'
import { getDb } from '~/server/db/client'
import { handle, json } from '~/server/http/respond'

export const Route = createFileRoute('/api/cms/links')({
  server: {
    handlers: {
      GET: handle(async () => json(await listLinks(await getDb()), { cache: { sMaxAge: 300 } })),
    },
  },
})

import { createFileRoute } from '@tanstack/react-router'
import { listNavigation } from '~/modules/catalog/catalog.server'
import { withLocalNews } from '~/modules/catalog/navigation'
import { getDb } from '~/server/db/client'
import { handle, json } from '~/server/http/respond'

export const Route = createFileRoute('/api/product/categories/navigation')({
  server: {
    handlers: {
      GET: handle(async () => json(withLocalNews(await listNavigation(await getDb())), { cache: { sMaxAge: 300 } })),
    },
  },
})

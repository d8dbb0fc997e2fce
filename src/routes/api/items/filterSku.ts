import { createFileRoute } from '@tanstack/react-router'
import { filterSkuQuerySchema } from '~/modules/catalog/offer.schemas'
import { filterSku } from '~/modules/catalog/offer.server'
import { getDb } from '~/server/db/client'
import { json, parseQuery } from '~/server/http/respond'
import { handle } from '~/modules/door/rest.server'

export const Route = createFileRoute('/api/items/filterSku')({
  server: {
    handlers: {
      GET: handle(async ({ request }) => {
        const query = parseQuery(request, filterSkuQuerySchema)
        // Stock changes with every sale: a short shared cache only.
        return json(await filterSku(await getDb(), query), { cache: { sMaxAge: 5, staleWhileRevalidate: 30 } })
      }),
    },
  },
})

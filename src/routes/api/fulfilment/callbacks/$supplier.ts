import { createFileRoute } from '@tanstack/react-router'
import { receiveSupplierCallback } from '~/modules/orders/supplier-callback.server'
import { getDb } from '~/server/db/client'
import { json, restHandlers } from '~/server/http/respond'
import { handle } from '~/modules/door/rest.server'

export const Route = createFileRoute('/api/fulfilment/callbacks/$supplier')({
  server: {
    handlers: restHandlers({
      /**
       * A supplier's signed callback (docs/supplier-protocol.md): a bad or stale signature is 401,
       * a malformed body 400, and neither changes anything; 2xx tells the supplier it arrived.
       */
      POST: handle(async ({ request, params }) => {
        const raw = await request.text()
        return json(await receiveSupplierCallback(await getDb(), params?.supplier ?? '', request.headers, raw))
      }),
    }),
  },
})

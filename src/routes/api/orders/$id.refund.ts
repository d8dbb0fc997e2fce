import { createFileRoute } from '@tanstack/react-router'
import { refundOrderApi } from '~/modules/orders/refund-order.server'
import { getDb } from '~/server/db/client'
import { handle, restHandlers } from '~/server/http/respond'

/** Operators: refund a delivered order through its gateway (202; the refund job finishes it). */
export const Route = createFileRoute('/api/orders/$id/refund')({
  server: {
    handlers: restHandlers({
      POST: handle(async ({ request, params }) => refundOrderApi(await getDb(), request, params?.id)),
    }),
  },
})

import { createFileRoute } from '@tanstack/react-router'
import { refundAsOperator } from '~/modules/orders/orders.doors.server'
import { handle, json, restHandlers } from '~/server/http/respond'

/** Operators: refund a delivered order through its gateway (202; the refund job finishes it). */
export const Route = createFileRoute('/api/orders/$id/refund')({
  server: {
    handlers: restHandlers({
      POST: handle(async ({ door, params }) => json(await refundAsOperator(await door(), params?.id), { status: 202 })),
    }),
  },
})

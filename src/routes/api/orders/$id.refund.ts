import { createFileRoute } from '@tanstack/react-router'
import { refundAsStaff } from '~/modules/orders/orders.doors.server'
import { handle, json, restHandlers } from '~/server/http/respond'

/** Staff: refund a delivered order through its gateway (202; the refund job finishes it). */
export const Route = createFileRoute('/api/orders/$id/refund')({
  server: {
    handlers: restHandlers({
      POST: handle(async ({ door, params }) => json(await refundAsStaff(await door(), params?.id), { status: 202 })),
    }),
  },
})

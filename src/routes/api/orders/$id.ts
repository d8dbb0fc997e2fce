import { createFileRoute } from '@tanstack/react-router'
import { requireUserId } from '~/modules/orders/current-user.server'
import { getOrderDetail } from '~/modules/orders/order-queries.server'
import { orderIdSchema } from '~/modules/orders/orders.schemas'
import { getDb } from '~/server/db/client'
import { handle, json } from '~/server/http/respond'

export const Route = createFileRoute('/api/orders/$id')({
  server: {
    handlers: {
      GET: handle(async ({ request, params }) => {
        const userId = await requireUserId(request)
        return json(await getOrderDetail(await getDb(), userId, orderIdSchema.parse(params?.id)))
      }),
    },
  },
})

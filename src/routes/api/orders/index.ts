import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import { createOrder } from '~/modules/orders/create-order.server'
import { getOrderDetail, listOrders } from '~/modules/orders/order-queries.server'
import { createOrderInputSchema, listOrdersQuerySchema, orderIdSchema } from '~/modules/orders/orders.schemas'
import { clientIp } from '~/server/http/client-ip'
import { json, parseQuery } from '~/server/http/respond'
import { handle, signedIn } from '~/modules/door/rest.server'

const getQuery = listOrdersQuerySchema.extend({ id: orderIdSchema.optional() })
const body = z.record(z.string(), z.unknown())

export const Route = createFileRoute('/api/orders/')({
  server: {
    handlers: {
      /** The signed-in user's orders (page, pageSize, status), or one order with ?id=. */
      GET: handle(async ({ request, door }) => {
        const { db, user } = await signedIn(door)
        const userId = user.id
        const { id, ...query } = parseQuery(request, getQuery)
        return json(id ? await getOrderDetail(db, userId, id) : await listOrders(db, userId, query))
      }),
      /** Places an order; the Idempotency-Key header may carry the key instead of the body. */
      POST: handle(async ({ request, door }) => {
        const { db, user } = await signedIn(door)
        const userId = user.id
        const raw = body.parse(await request.json().catch(() => null))
        const input = createOrderInputSchema.parse({
          ...raw,
          idempotencyKey: raw.idempotencyKey ?? request.headers.get('idempotency-key') ?? undefined,
        })
        const result = await createOrder(db, userId, input, { ip: clientIp(request) })
        return json(result.order, {
          status: result.replayed ? 200 : 201,
          headers: { 'idempotent-replayed': String(result.replayed) },
        })
      }),
    },
  },
})

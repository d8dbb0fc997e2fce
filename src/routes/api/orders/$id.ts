import { createFileRoute } from '@tanstack/react-router'
import { getOrderDetail } from '~/modules/orders/order-queries.server'
import { getOrderInputSchema } from '~/modules/orders/orders.schemas'
import { waitWhileStatus } from '~/modules/orders/status-wait.server'
import { json } from '~/server/http/respond'
import { handle, signedIn } from '~/modules/door/rest.server'

export const Route = createFileRoute('/api/orders/$id')({
  server: {
    handlers: {
      // ?waitWhile=<status>: a long poll, answered once the order leaves that status or changes.
      GET: handle(async ({ request, params, door }) => {
        const { db, user } = await signedIn(door)
        const waitWhile = new URL(request.url).searchParams.get('waitWhile') ?? undefined
        const input = getOrderInputSchema.parse({ id: params?.id, waitWhile })
        if (input.waitWhile) await waitWhileStatus(db, user.id, input.id, input.waitWhile, { signal: request.signal })
        return json(await getOrderDetail(db, user.id, input.id))
      }),
    },
  },
})

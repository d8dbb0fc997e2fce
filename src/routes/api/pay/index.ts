import { createFileRoute } from '@tanstack/react-router'
import { requireUserId } from '~/modules/orders/current-user.server'
import { startPayment, startPaymentInputSchema } from '~/modules/payments/start-payment.server'
import { getDb } from '~/server/db/client'
import { publicOrigin } from '~/server/http/origin'
import { handle, json } from '~/server/http/respond'

export const Route = createFileRoute('/api/pay/')({
  server: {
    handlers: {
      /** {orderId, method: 'card'|'wallet'} → {paymentId, redirectUrl}: send the shopper there. */
      POST: handle(async ({ request }) => {
        const userId = await requireUserId(request)
        const input = startPaymentInputSchema.parse(await request.json().catch(() => null))
        const started = await startPayment(await getDb(), userId, input, { origin: publicOrigin(request) })
        return json(started, { status: 201 })
      }),
    },
  },
})

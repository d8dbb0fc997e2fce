import { createFileRoute } from '@tanstack/react-router'
import { startPayment, startPaymentInputSchema } from '~/modules/payments/start-payment.server'
import { siteOrigin } from '~/server/http/origin'
import { json, restHandlers } from '~/server/http/respond'
import { handle, signedIn } from '~/modules/door/rest.server'

export const Route = createFileRoute('/api/pay/')({
  server: {
    handlers: restHandlers({
      /** {orderId, method: 'card'|'wallet'} → {paymentId, redirectUrl}: send the shopper there. */
      POST: handle(async ({ request, door }) => {
        const { db, user } = await signedIn(door)
        const input = startPaymentInputSchema.parse(await request.json().catch(() => null))
        const started = await startPayment(db, user.id, input, { origin: siteOrigin(request.url) })
        return json(started, { status: 201 })
      }),
    }),
  },
})

import { createFileRoute } from '@tanstack/react-router'
import { requireUser } from '~/modules/auth/caller.server'
import { startPayment, startPaymentInputSchema } from '~/modules/payments/start-payment.server'
import { getDb } from '~/server/db/client'
import { siteOrigin } from '~/server/http/origin'
import { handle, json, restHandlers } from '~/server/http/respond'

export const Route = createFileRoute('/api/pay/')({
  server: {
    handlers: restHandlers({
      /** {orderId, method: 'card'|'wallet'} → {paymentId, redirectUrl}: send the shopper there. */
      POST: handle(async ({ request }) => {
        const db = await getDb()
        const user = await requireUser(db, request)
        const input = startPaymentInputSchema.parse(await request.json().catch(() => null))
        const started = await startPayment(db, user.id, input, { origin: siteOrigin(request.url) })
        return json(started, { status: 201 })
      }),
    }),
  },
})

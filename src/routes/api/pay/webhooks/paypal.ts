import { createFileRoute } from '@tanstack/react-router'
import { receiveWebhook } from '~/modules/payments/webhook.server'
import { getDb } from '~/server/db/client'
import { handle, json, restHandlers } from '~/server/http/respond'
import { PAYPAL_GATEWAY } from '~/server/payments/paypal/gateway.server'

export const Route = createFileRoute('/api/pay/webhooks/paypal')({
  server: {
    handlers: restHandlers({
      /**
       * PayPal's events, checked with PayPal's verify-webhook-signature call before anything is
       * read (a failed check or a stale delivery is 400); 2xx tells PayPal to stop retrying.
       */
      POST: handle(async ({ request }) => {
        const raw = await request.text()
        const outcome = await receiveWebhook(await getDb(), PAYPAL_GATEWAY, request.headers, raw)
        return json({ received: true, outcome })
      }),
    }),
  },
})

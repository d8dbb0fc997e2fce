import { createFileRoute } from '@tanstack/react-router'
import { receiveWebhook } from '~/modules/payments/webhook.server'
import { getDb } from '~/server/db/client'
import { json, restHandlers } from '~/server/http/respond'
import { handle } from '~/modules/door/rest.server'
import { STRIPE_GATEWAY } from '~/server/payments/stripe/gateway.server'

export const Route = createFileRoute('/api/pay/webhooks/stripe')({
  server: {
    handlers: restHandlers({
      /**
       * Stripe's events, the raw body verified with the endpoint's signing secret (a bad or stale
       * signature is 400 and changes nothing); 2xx tells Stripe to stop retrying.
       */
      POST: handle(async ({ request }) => {
        const raw = await request.text()
        const outcome = await receiveWebhook(await getDb(), STRIPE_GATEWAY, request.headers, raw)
        return json({ received: true, outcome })
      }),
    }),
  },
})

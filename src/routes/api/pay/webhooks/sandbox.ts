import { createFileRoute } from '@tanstack/react-router'
import { receiveWebhook } from '~/modules/payments/webhook.server'
import { getDb } from '~/server/db/client'
import { json, restHandlers } from '~/server/http/respond'
import { handle } from '~/modules/door/rest.server'
import { SANDBOX_GATEWAY } from '~/server/payments/sandbox/gateway.server'

export const Route = createFileRoute('/api/pay/webhooks/sandbox')({
  server: {
    handlers: restHandlers({
      /** Signed gateway events; 2xx tells the gateway to stop retrying (duplicates included). */
      POST: handle(async ({ request }) => {
        const raw = await request.text()
        const outcome = await receiveWebhook(await getDb(), SANDBOX_GATEWAY, request.headers, raw)
        return json({ received: true, outcome })
      }),
    }),
  },
})

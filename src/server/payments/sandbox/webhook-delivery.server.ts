/**
 * The sandbox gateway's webhook sender: a job per delivery, POSTing the signed event to the
 * shop's webhook URL over real HTTP. A non-2xx answer or a network error is retried with backoff.
 */
import { registerJobHandler } from '~/server/jobs/registry'
import { webhookSecret } from '~/modules/payments/webhook-secret.server'
import { SIGNATURE_HEADER, TIMESTAMP_HEADER, signPayload } from '~/modules/payments/webhook-signature.server'
import { WEBHOOK_QUEUE, type WebhookDelivery } from './gateway.server'

export function registerSandboxGatewayJobs(): void {
  registerJobHandler<WebhookDelivery>(
    WEBHOOK_QUEUE,
    async (delivery, ctx) => {
      const body = JSON.stringify(delivery.event)
      const timestamp = Math.floor(Date.now() / 1000)
      const secret = await webhookSecret(ctx.db)
      const response = await fetch(delivery.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'sandbox-gateway-webhooks/1',
          [TIMESTAMP_HEADER]: String(timestamp),
          [SIGNATURE_HEADER]: signPayload(secret, timestamp, body),
        },
        body,
        signal: AbortSignal.timeout(15_000),
      })
      await response.body?.cancel()
      if (!response.ok) throw new Error(`webhook endpoint answered ${response.status}`)
    },
    { leaseMs: 30_000 },
  )
}

/**
 * Set-up shared by the payment-provider tests: a local endpoint that receives a provider's
 * webhooks over HTTP and hands them to the same use case as the app's route (answering with the
 * route's status codes), and the configuration that points the SDKs at the stand-ins.
 */
import { createServer, type Server } from 'node:http'
import { isAppError } from '../../src/modules/errors/app-error'
import { receiveWebhook } from '../../src/modules/payments/webhook.server'
import { eq } from 'drizzle-orm'
import type { Db } from '../../src/server/db/client'
import { users } from '../../src/server/db/schema'

export interface WebhookEndpoint {
  url: string
  /** Every delivery's answer, in order: status and outcome. */
  answers: { status: number; outcome?: string }[]
  close(): Promise<void>
}

export async function startProviderWebhookEndpoint(db: Db, gateway: string): Promise<WebhookEndpoint> {
  const answers: WebhookEndpoint['answers'] = []
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const headers = new Headers()
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v)
      receiveWebhook(db, gateway, headers, Buffer.concat(chunks).toString('utf8')).then(
        (outcome) => {
          answers.push({ status: 200, outcome })
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ received: true, outcome }))
        },
        (err: unknown) => {
          const status = isAppError(err) ? err.status : 500
          answers.push({ status })
          res.writeHead(status).end()
        },
      )
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as { port: number }).port
  return {
    url: `http://127.0.0.1:${port}/api/pay/webhooks/${gateway}`,
    answers,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

export const STRIPE_TEST_KEYS = {
  PAYMENT_PROVIDER_CARD: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_standin',
  STRIPE_WEBHOOK_SECRET: 'whsec_standin',
  STRIPE_PAYMENT_METHODS: 'BRL:card,pix',
  // Short, so the timeout tests are quick; the SDK retries twice within one start.
  PAYMENT_PROVIDER_TIMEOUT_MS: '400',
}

export const PAYPAL_TEST_KEYS = {
  PAYMENT_PROVIDER_WALLET: 'paypal',
  PAYPAL_CLIENT_ID: 'standin-client',
  PAYPAL_CLIENT_SECRET: 'standin-secret',
  PAYPAL_WEBHOOK_ID: 'WH-STANDIN-1',
  PAYMENT_PROVIDER_TIMEOUT_MS: '400',
}

/** The seed's admin (the staff member the provider suites refund as). */
export async function seededAdmin(db: Db): Promise<{ id: string; email: string }> {
  const [row] = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.role, 'admin'))
  return row!
}

import { spawn, type ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { AxeBuilder } from '@axe-core/playwright'
import { startStripeStandIn, type StripeStandIn } from '../stand-ins/stripe'
import { toCheckout } from './checkout-steps'
import { E2E_PORT, E2E_SERVER_ENV } from './server-env'
import { expect, test } from './user-fixture'

/**
 * Issue 30: a shopper pays by card with Stripe configured. The shop runs as a server of its own
 * (port E2E_PORT + 10, its own embedded database) with PAYMENT_PROVIDER_CARD=stripe and the SDK
 * pointed at the Stripe stand-in (tests/stand-ins/stripe.ts), whose hosted page plays
 * checkout.stripe.com: Pay completes the session, posts the signed checkout.session.completed
 * webhook to the shop and returns the browser to success_url. The other journeys keep their
 * sandbox server; this file holds one worker while its server starts.
 */

const PORT = E2E_PORT + 10
const SHOP = `http://127.0.0.1:${PORT}`
const KEYS = { STRIPE_SECRET_KEY: 'sk_test_e2e_standin', STRIPE_WEBHOOK_SECRET: 'whsec_e2e_standin' }

test.use({ baseURL: SHOP })
test.describe.configure({ mode: 'serial' })

let stripe: StripeStandIn
let shop: ChildProcess | undefined

test.beforeAll(async () => {
  test.setTimeout(180_000)
  stripe = await startStripeStandIn({ secretKey: KEYS.STRIPE_SECRET_KEY })
  stripe.endpoint = { url: `${SHOP}/api/pay/webhooks/stripe`, secret: KEYS.STRIPE_WEBHOOK_SECRET }
  shop = spawn(process.execPath, ['scripts/e2e-server.mjs'], {
    env: {
      ...process.env,
      ...E2E_SERVER_ENV,
      ...KEYS,
      PORT: String(PORT),
      DATA_DIR: '.data-test/e2e-stripe',
      PAYMENT_PROVIDER_CARD: 'stripe',
      STRIPE_API_URL: stripe.url,
      STRIPE_PAYMENT_METHODS: 'BRL:card,pix',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  // Ready once the database is open, migrated and seeded (as playwright.config.ts waits for its server).
  await expect
    .poll(
      async () => {
        if (shop?.exitCode !== null) throw new Error(`the Stripe shop server exited with ${shop?.exitCode}`)
        return fetch(`${SHOP}/api/cms/links`).then(
          (r) => r.status,
          () => 0,
        )
      },
      { timeout: 170_000, intervals: [250, 500, 1000] },
    )
    .toBe(200)
})

test.afterAll(async () => {
  if (shop && shop.exitCode === null) {
    const exited = new Promise((resolve) => shop!.once('exit', resolve))
    shop.kill('SIGTERM')
    await exited
  }
  await stripe?.settled()
  await stripe?.close()
})

test('card with Stripe: Checkout’s page takes the payment, the signed webhook marks it paid → delivered', async ({
  page,
  login,
}) => {
  await login()
  await toCheckout(page)
  await page.getByRole('radio', { name: 'Credit or debit card', exact: true }).check()
  const before = stripe.calls.length
  await page.getByTestId('place-order').click()

  // The shop sent the browser to the Checkout Session's url: the stand-in's checkout.stripe.com.
  await expect(page).toHaveURL(new RegExp(`^${escape(stripe.url)}/c/pay/cs_test_\\w+$`))
  const sessionId = new URL(page.url()).pathname.split('/').at(-1)!
  const session = stripe.sessions.get(sessionId)!
  const create = stripe.calls.slice(before).find((c) => c.method === 'POST' && c.path === '/v1/checkout/sessions')
  expect(create?.headers['idempotency-key']).toBe(`checkout:${session.metadata.payment_id}`)
  expect(session).toMatchObject({ mode: 'payment', locale: 'en', allowed_payment_method_types: ['card'] })
  await expect(page.getByRole('heading', { name: /^Pay [A-Z]{3} \d+\.\d{2}$/ })).toBeVisible()

  await page.getByRole('button', { name: 'Pay' }).click()
  // Back on the shop's result page (success_url), the webhook already applied.
  await expect(page).toHaveURL(
    new RegExp(
      `^${escape(SHOP)}/payment/creditCard3DSResult\\?orderId=[\\w-]+&paymentId=[\\w-]+&session_id=${sessionId}$`,
    ),
  )
  await expect(page.getByTestId('payment-result')).toHaveAttribute('data-outcome', 'paid')
  await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', 'delivered', { timeout: 20_000 })
  expect(session).toMatchObject({ status: 'complete', payment_status: 'paid' })

  await page.getByTestId('view-order').click()
  await expect(page.getByTestId('paid-card')).toContainText('Card')
  await expect(page.getByTestId('paid-card')).toContainText('Paid')
  await expect(page.getByTestId('delivery-proof')).toBeVisible()
})

test('the dashboard compares the day with Stripe on demand and lists what Stripe took that the shop never heard of', async ({
  page,
  login,
}) => {
  await login({ role: 'admin' })
  await page.goto('/admin')
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
  const panel = page.getByTestId('payment-reconcile')
  await expect(panel.getByRole('heading', { name: 'Payment reconciliation with Stripe' })).toBeVisible()
  await panel.getByRole('button', { name: 'Compare now' }).click()
  await expect(panel.getByTestId('payment-reconcile-ok')).toHaveText('Everything matches.')
  const listed = stripe.calls.filter((c) => c.method === 'GET' && c.path === '/v1/checkout/sessions')
  expect(listed.at(-1)!.query).toMatchObject({ 'created[gte]': expect.any(String), 'created[lt]': expect.any(String) })

  // A session of ours paid at Stripe whose webhook never came: the next comparison lists it.
  const made = await fetch(`${stripe.url}/v1/checkout/sessions`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${KEYS.STRIPE_SECRET_KEY}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '1234',
      'metadata[payment_id]': randomUUID(),
    }),
  })
  const { id } = (await made.json()) as { id: string }
  Object.assign(stripe.sessions.get(id)!, {
    status: 'complete',
    payment_status: 'paid',
    payment_intent: 'pi_test_lost',
  })
  await panel.getByRole('button', { name: 'Compare now' }).click()
  const mismatch = panel.getByTestId('payment-mismatch')
  await expect(mismatch).toHaveCount(1)
  await expect(mismatch).toHaveAttribute('data-kind', 'paid_there_not_here')
  await expect(mismatch).toContainText('Paid at the provider, not here')
  await expect(mismatch).toContainText(id)
  await expect(mismatch).toContainText('$12.34')
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    const { violations } = await new AxeBuilder({ page }).include('[data-testid="payment-reconcile"]').analyze()
    const serious = violations.filter((v) => v.impact === 'critical' || v.impact === 'serious').map((v) => v.id)
    expect(serious, scheme).toEqual([])
  }
})

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

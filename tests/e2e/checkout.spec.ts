import { randomUUID } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { placeOrder, payByCard, result, toCheckout } from './checkout-steps'
import { gotoHydrated, OUTBOX } from './support'
import { expect, test } from './user-fixture'

/**
 * Checkout journeys against the sandbox gateway and supplier: card without and with 3-D Secure,
 * declined card, wallet approve and cancel, a coupon, delivery with proof, and a failed delivery
 * refunded automatically with an e-mail in the outbox. Every result page shows the server's state.
 * Each test signs in as a new shopper of its own (user-fixture.ts), so it sees only its orders.
 */

test('card 4242: paid without a challenge, delivered with the supplier reference', async ({ page, login }) => {
  await login()
  await toCheckout(page)
  await placeOrder(page, 'card')
  await payByCard(page, '4242 4242 4242 4242')
  await expect(page).toHaveURL(/\/payment\/creditCard3DSResult\?orderId=/)
  await expect(result(page)).toHaveAttribute('data-outcome', 'paid')
  await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', 'delivered', { timeout: 20_000 })
  await page.getByTestId('view-order').click()
  await expect(page.getByTestId('delivery-proof')).toBeVisible()
  await expect(page.getByTestId('supplier-ref')).toHaveText(/^SUP-[0-9A-F]{16}$/)
  await expect(page.getByTestId('timeline').locator('li')).not.toHaveCount(0)
})

test('the method radios are named by the method alone, and at 1366 px the card’s name keeps to one line', async ({
  page,
  login,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 })
  await login()
  await toCheckout(page)
  // The logos' list ("Accepted payment methods …") must not leak into the option's name (issue 36).
  await expect(page.getByRole('radio', { name: 'Credit or debit card', exact: true })).toBeEnabled()
  await expect(page.getByRole('radio', { name: 'Wallet', exact: true })).toBeEnabled()
  await expect(page.getByRole('radio', { name: /Accepted payment methods/ })).toHaveCount(0)
  const name = page.getByTestId('method-card-name')
  const lineHeight = await name.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight))
  expect((await name.boundingBox())!.height).toBeLessThan(lineHeight * 1.5)
  // The marks are still there for the eye, beside or under the name.
  await expect(page.getByTestId('payment-methods').getByTestId('payment-logos').first()).toBeVisible()
})

test('card 3220: a wrong 3-D Secure code fails, the order stays payable and is paid via /request-payment', async ({
  page,
  login,
}) => {
  await login()
  await toCheckout(page)
  await placeOrder(page, 'card')
  await payByCard(page, '4000 0000 0000 3220', '000000')
  await expect(result(page)).toHaveAttribute('data-outcome', 'failed', { timeout: 15_000 })
  await expect(page.getByTestId('failure-reason')).toHaveAttribute('data-code', '3ds_failed')
  await expect(page.getByTestId('failure-reason')).not.toBeEmpty()
  await page.getByTestId('pay-again').click()
  await expect(page).toHaveURL(/\/request-payment\?orderId=/)
  await expect(page.getByTestId('last-failure')).toBeVisible()
  await page.getByTestId('method-card').check()
  await page.getByTestId('pay-order').click()
  await expect(page).toHaveURL(/cashier-desk\/transactions/)
  await payByCard(page, '4000000000003220', '123456')
  await expect(result(page)).toHaveAttribute('data-outcome', 'paid', { timeout: 15_000 })
  await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', 'delivered', { timeout: 20_000 })
})

test('card 0002 is declined with a message; the wallet can be cancelled and approved', async ({ page, login }) => {
  await login()
  await toCheckout(page)
  await placeOrder(page, 'card')
  await payByCard(page, '4000000000000002')
  await expect(result(page)).toHaveAttribute('data-outcome', 'failed', { timeout: 15_000 })
  await expect(page.getByTestId('failure-reason')).toHaveAttribute('data-code', 'card_declined')
  await expect(page.getByTestId('failure-reason')).not.toBeEmpty()

  // Same order, now by wallet: cancel first, then approve.
  await page.getByTestId('pay-again').click()
  await page.getByTestId('method-wallet').check()
  await page.getByTestId('pay-order').click()
  await expect(page).toHaveURL(/local-wallet\/transactions/)
  await page.getByRole('button', { name: 'Cancel and return' }).click()
  await expect(page).toHaveURL(/\/payment\/paymentResult\?orderId=/)
  await expect(result(page)).toHaveAttribute('data-outcome', 'failed', { timeout: 15_000 })
  await expect(page.getByTestId('failure-reason')).toHaveAttribute('data-code', 'cancelled_by_payer')
  await page.getByTestId('pay-again').click()
  await page.getByTestId('method-wallet').check()
  await page.getByTestId('pay-order').click()
  await page.getByRole('button', { name: 'Approve and pay' }).click()
  await expect(result(page)).toHaveAttribute('data-outcome', 'paid', { timeout: 15_000 })
  await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', 'delivered', { timeout: 20_000 })
})

test('a coupon is checked on /coupon and applied at checkout with the minimum spend explained', async ({
  page,
  login,
}) => {
  await login()
  await gotoHydrated(page, '/coupon')
  await page.locator('#coupon').fill('welcome10')
  await page.getByTestId('coupon-redeem').locator('button[type=submit]').click()
  await expect(page.getByTestId('coupon-preview').locator('[data-coupon=WELCOME10]')).toHaveAttribute(
    'data-state',
    'available',
  )
  await page.getByTestId('coupon-save').click()
  await expect(page.getByTestId('my-coupons').locator('[data-coupon=WELCOME10]')).toBeVisible()

  await toCheckout(page)
  await page.locator('#coupon-code').fill('WELCOME10')
  await page.getByTestId('coupon-form').locator('button[type=submit]').click()
  const applied = page.getByTestId('applied-coupons').locator('[data-coupon=WELCOME10]')
  await expect(applied).toHaveAttribute('data-ok', 'false')
  await expect(applied).toHaveAttribute('data-reason', 'min_spend')
  await expect(applied).toHaveAttribute('data-missing', /^\d+$/)
  // More of the same package reaches the minimum: the discount appears in the server's totals.
  for (let i = 0; i < 12; i++) await page.getByTestId('quantity-more').click()
  await expect(page.getByTestId('quantity')).toHaveText('13')
  // The totals shown are the server's quote for 13 once it has arrived (ordering waits for it too).
  await expect(page.getByTestId('place-order')).toBeEnabled()
  await expect(applied).toHaveAttribute('data-ok', 'true')
  await expect(page.getByTestId('discount')).toBeVisible()
  const total = await page.getByTestId('to-pay').textContent()
  await placeOrder(page, 'card')
  await expect(page.getByTestId('amount')).toHaveText(total ?? '')
  await payByCard(page, '4242424242424242')
  await expect(result(page)).toHaveAttribute('data-outcome', 'paid', { timeout: 15_000 })
  await page.getByTestId('view-order').click()
  await expect(page.getByTestId('receipt')).toContainText('WELCOME10')
})

test('a player ID ending in 0000 pays, delivery fails, the shopper takes the card refund and the e-mail is sent', async ({
  page,
  login,
}) => {
  const shopper = await login()
  await toCheckout(page, { playerId: '5550000' })
  await placeOrder(page, 'card')
  await payByCard(page, '4242424242424242')
  await expect(result(page)).toHaveAttribute('data-outcome', 'paid', { timeout: 15_000 })
  await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', 'failed', { timeout: 20_000 })
  await page.getByTestId('view-order').click()
  // The refund choice (ADR 116): back to the card.
  page.once('dialog', (dialog) => void dialog.accept())
  await page.getByRole('button', { name: 'Refund to my card' }).click()
  await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', 'refunded', { timeout: 20_000 })
  await expect(page.getByTestId('refunds').locator('li[data-destination="original"]')).toContainText(
    'to your card/wallet',
  )
  const number = (await page.getByTestId('order-number').textContent())!.trim()
  await expect(page.getByTestId('timeline').locator('li[data-event=failed]')).toBeVisible()
  const to = new RegExp(`^To: ${shopper.email.replace(/[.+]/g, '\\$&')}$`, 'm')
  await expect
    .poll(
      () => {
        const files = readdirSync(OUTBOX)
        return files.some((f) => {
          const raw = readFileSync(path.join(OUTBOX, f), 'utf8')
          return raw.includes(`Your order ${number} has been refunded`) && to.test(raw)
        })
      },
      { timeout: 15_000 },
    )
    .toBe(true)
})

/**
 * An order made through the REST API from the checkout page's parameters (quick: no payment). The
 * unit price it sends is 1: the server prices from its own table, whatever the client says.
 */
/** The router writes search values as JSON: `playerId="123456789"` when it is a string. */
function searchText(params: URLSearchParams, key: string): string | undefined {
  const raw = params.get(key)
  if (raw === null) return undefined
  try {
    return String(JSON.parse(raw))
  } catch {
    return raw
  }
}

async function orderByApi(page: Page, params: URLSearchParams, idempotencyKey = randomUUID()) {
  const skus = await (
    await page.request.get(`/api/items/filterSku?offerId=${params.get('offerId')}&currency=${params.get('currency')}`)
  ).json()
  const skuId = Number(params.get('skuId'))
  const sku = (skus.skus as { id: number; price: { amountMinor: number } }[]).find((s) => s.id === skuId)!
  const body = {
    items: [{ skuId, quantity: 1, unitPriceMinor: 1 }],
    currency: params.get('currency'),
    player: { playerId: searchText(params, 'playerId'), server: searchText(params, 'server') },
    idempotencyKey,
  }
  return { body, priceMinor: sku.price.amountMinor, response: await page.request.post('/api/orders', { data: body }) }
}

test('the order list pages and filters by status', async ({ page, login }) => {
  await login()
  const params = await toCheckout(page)
  for (let i = 0; i < 2; i++) {
    const { response } = await orderByApi(page, params)
    expect(response.status(), await response.text()).toBe(201)
  }
  await gotoHydrated(page, '/order/list')
  await expect(page.getByTestId('order-row')).toHaveCount(2)

  // Cancel one of them from its detail page.
  await page.getByTestId('order-row').first().click()
  page.once('dialog', (dialog) => void dialog.accept())
  await page.getByTestId('cancel-order').click()
  await expect(page.getByTestId('order-status').first()).toHaveAttribute('data-status', 'cancelled')

  await gotoHydrated(page, '/order/list')
  await page.getByTestId('status-filter').selectOption('cancelled')
  await expect(page).toHaveURL(/status=cancelled/)
  await expect(page.getByTestId('order-row')).toHaveCount(1)
  await expect(page.getByTestId('order-row').getByTestId('order-status')).toHaveAttribute('data-status', 'cancelled')
  await page.getByTestId('status-filter').selectOption('')
  await expect(page.getByTestId('order-row')).toHaveCount(2)
})

test('the REST API: prices from the server, tampering refused, methods catalogue, signed webhooks only', async ({
  page,
  login,
}) => {
  const anonymous = await page.request.get('/api/orders')
  expect(anonymous.status()).toBe(401)
  const methods = await (await page.request.get('/api/third-party/payments/umf?currency=RUB&country=DE')).json()
  expect(methods.methods.map((m: { id: string; available: boolean }) => [m.id, m.available])).toEqual([
    ['card', true],
    ['wallet', false],
  ])
  const forged = await page.request.post('/api/pay/webhooks/sandbox', {
    headers: { 'webhook-timestamp': String(Math.floor(Date.now() / 1000)), 'webhook-signature': 'v1=00' },
    data: { id: 'evt_forged', type: 'payment.captured' },
  })
  expect(forged.status()).toBe(401)

  await login()
  const params = await toCheckout(page)
  const { body, priceMinor, response: created } = await orderByApi(page, params)
  expect(created.status()).toBe(201)
  const order = await created.json()
  expect(order.totalMinor).toBe(priceMinor)
  const replay = await page.request.post('/api/orders', { data: body })
  expect(replay.status()).toBe(200)
  expect((await replay.json()).id).toBe(order.id)
  const reused = await page.request.post('/api/orders', {
    data: { ...body, items: [{ skuId: body.items[0]!.skuId, quantity: 2 }] },
  })
  expect(reused.status()).toBe(409)
  const tampered = await page.request.post('/api/orders', {
    data: { ...body, idempotencyKey: randomUUID(), expectedTotal: 1 },
  })
  expect(tampered.status()).toBe(409)

  const list = await (await page.request.get('/api/orders?pageSize=2')).json()
  expect(list.items.map((o: { id: string }) => o.id)).toEqual([order.id])
  const detail = await (await page.request.get(`/api/orders/${order.id}`)).json()
  const same = await (await page.request.get(`/api/orders?id=${order.id}`)).json()
  expect(same).toEqual(detail)
  expect(detail.items[0]).toMatchObject({ skuId: body.items[0]!.skuId, unitPriceMinor: priceMinor })
  const pay = await page.request.post('/api/pay', { data: { orderId: order.id, method: 'card' } })
  expect(pay.status()).toBe(201)
  expect((await pay.json()).redirectUrl).toMatch(/\/api\/pay\/pacypay\/cashier-desk\/transactions\?id=sbx_/)
})

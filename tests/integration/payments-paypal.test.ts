/**
 * PayPal (the wallet) through the official SDK against a local stand-in of PayPal's REST API
 * (tests/stand-ins/paypal.ts), on PGlite and PostgreSQL: the Orders v2 order, approval and capture
 * on return → delivered, refunds by capture, webhooks verified by PayPal's verify call (forged,
 * stale, replayed, out of order, another amount), PayPal timing out or failing, a cancelled approval,
 * and (PostgreSQL) 50 concurrent starts of one order making one PayPal order.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { createOrder } from '../../src/modules/orders/create-order.server'
import { refundOrder } from '../../src/modules/orders/refund-order.server'
import { returnFromProvider } from '../../src/modules/payments/provider-return.server'
import { startPayment } from '../../src/modules/payments/start-payment.server'
import * as t from '../../src/server/db/schema'
import { log } from '../../src/server/log'
import { startPayPalStandIn, type PayPalStandIn } from '../stand-ins/paypal'
import { makeUser, openTestDb, orderInput, orderStatus, pickSku, settle, type TestDb } from './orders-fixtures'
import { PAYPAL_TEST_KEYS, seededAdmin, startProviderWebhookEndpoint, type WebhookEndpoint } from './provider-fixtures'
import { describeOnEachDriver, describeOnPostgres } from './throwaway-db'
import { ordersConfigForFile, overrideConfig } from './test-config'

ordersConfigForFile(PAYPAL_TEST_KEYS)

const urls = { origin: 'http://shop.test' }

let paypal: PayPalStandIn
let restore = () => {}
beforeAll(async () => {
  paypal = await startPayPalStandIn({
    clientId: PAYPAL_TEST_KEYS.PAYPAL_CLIENT_ID,
    clientSecret: PAYPAL_TEST_KEYS.PAYPAL_CLIENT_SECRET,
  })
  restore = overrideConfig({ PAYPAL_API_URL: paypal.url })
})
afterAll(async () => {
  restore()
  await paypal?.close()
})

describeOnEachDriver('PayPal Orders v2', (driver) => {
  let tdb: TestDb
  let hook: WebhookEndpoint
  let admin: { id: string; email: string }

  beforeAll(async () => {
    tdb = await openTestDb(driver)
    hook = await startProviderWebhookEndpoint(tdb.db, 'paypal')
    paypal.webhook = { url: hook.url, webhookId: PAYPAL_TEST_KEYS.PAYPAL_WEBHOOK_ID }
    admin = await seededAdmin(tdb.db)
  })
  afterAll(async () => {
    await paypal.settled()
    await hook?.close()
    await tdb?.close()
  })

  async function startedOrder() {
    const sku = await pickSku(tdb.db, 'topup')
    const user = await makeUser(tdb.db)
    const { order } = await createOrder(tdb.db, user, orderInput(sku))
    const started = await startPayment(tdb.db, user, { orderId: order.id, method: 'wallet' }, urls)
    const paypalOrderId = new URL(started.redirectUrl).searchParams.get('token')!
    return { user, order, paymentId: started.paymentId!, redirectUrl: started.redirectUrl, paypalOrderId }
  }

  /** The capture PayPal reports in PAYMENT.CAPTURE.* webhooks, for the whole order in `currency`. */
  function completedCapture(
    started: { order: { id: string; totalMinor: number }; paymentId: string; paypalOrderId: string },
    id: string,
    currency: string,
  ) {
    return {
      id,
      status: 'COMPLETED',
      amount: { currency_code: currency, value: (started.order.totalMinor / 100).toFixed(2) },
      invoice_id: started.paymentId,
      custom_id: started.order.id,
      supplementary_data: { related_ids: { order_id: started.paypalOrderId } },
    }
  }

  async function paymentRow(paymentId: string) {
    const [row] = await tdb.db.select().from(t.payments).where(eq(t.payments.id, paymentId))
    return row!
  }

  /** The shopper approves on PayPal and comes back through our return door (which captures). */
  async function approveAndReturn(paymentId: string, paypalOrderId: string) {
    const back = new URL(paypal.approve(paypalOrderId))
    expect(back.pathname).toBe('/api/pay/return/paypal')
    const location = await returnFromProvider(
      tdb.db,
      'paypal',
      { paymentId: back.searchParams.get('paymentId')!, outcome: 'success' },
      urls.origin,
    )
    await paypal.settled()
    return location
  }

  async function deliveredOrder() {
    const started = await startedOrder()
    await approveAndReturn(started.paymentId, started.paypalOrderId)
    await settle(tdb.db)
    expect(await orderStatus(tdb.db, started.order.id)).toBe('delivered')
    return started
  }

  it('creates an Orders v2 order (intent CAPTURE, custom_id = order), captures on return → delivered', async () => {
    const before = paypal.calls.length
    const { order, paymentId, redirectUrl, paypalOrderId } = await startedOrder()
    expect(redirectUrl).toBe(`${paypal.url}/checkoutnow?token=${paypalOrderId}`)
    const create = paypal.calls.slice(before).find((c) => c.path === '/v2/checkout/orders')!
    expect(create.headers['paypal-request-id']).toBe(`order:${paymentId}`)
    expect(create.headers.authorization).toMatch(/^Bearer A21AA/)
    expect(create.body).toMatchObject({
      intent: 'CAPTURE',
      purchase_units: [
        {
          custom_id: order.id,
          invoice_id: paymentId,
          amount: { currency_code: 'USD', value: (order.totalMinor / 100).toFixed(2) },
        },
      ],
      payment_source: {
        paypal: {
          experience_context: {
            return_url: `http://shop.test/api/pay/return/paypal?paymentId=${paymentId}&outcome=success`,
            cancel_url: `http://shop.test/api/pay/return/paypal?paymentId=${paymentId}&outcome=cancel`,
            locale: 'en-US',
            user_action: 'PAY_NOW',
            shipping_preference: 'NO_SHIPPING',
          },
        },
      },
    })
    expect(await paymentRow(paymentId)).toMatchObject({ gateway: 'paypal', externalId: paypalOrderId })

    const location = await approveAndReturn(paymentId, paypalOrderId)
    expect(location).toBe(`http://shop.test/payment/paymentResult?orderId=${order.id}&paymentId=${paymentId}`)
    const capture = paypal.calls.find((c) => c.path === `/v2/checkout/orders/${paypalOrderId}/capture`)!
    expect(capture.headers['paypal-request-id']).toBe(`capture:${paymentId}`)
    const captureId = paypal.orders.get(paypalOrderId)!.purchase_units[0]!.payments!.captures[0]!.id
    expect(await paymentRow(paymentId)).toMatchObject({ status: 'succeeded', captureId })
    // PayPal's own PAYMENT.CAPTURE.COMPLETED came after the capture: nothing twice.
    expect(hook.answers.at(-1)).toEqual({ status: 200, outcome: 'unchanged' })
    // A reload of the return URL captures nothing again.
    await returnFromProvider(tdb.db, 'paypal', { paymentId, outcome: 'success' }, urls.origin)
    expect(paypal.calls.filter((c) => c.path.endsWith('/capture') && c.path.includes(paypalOrderId))).toHaveLength(1)
    await settle(tdb.db)
    expect(await orderStatus(tdb.db, order.id)).toBe('delivered')
  })

  it('refunds in part and in full by capture, with PayPal-Request-Id per refund', async () => {
    const { order, paymentId, paypalOrderId } = await deliveredOrder()
    const captureId = paypal.orders.get(paypalOrderId)!.purchase_units[0]!.payments!.captures[0]!.id
    const part = Math.floor(order.totalMinor / 4)
    const first = await refundOrder(tdb.db, order.id, { actor: admin }, { amountMinor: part })
    await settle(tdb.db)
    const second = await refundOrder(tdb.db, order.id, { actor: admin }, { amountMinor: order.totalMinor - part })
    await settle(tdb.db)
    await paypal.settled()
    const refunds = paypal.calls.filter((c) => c.path === `/v2/payments/captures/${captureId}/refund`)
    expect(refunds.map((c) => [c.headers['paypal-request-id'], c.body.amount.value, c.body.custom_id])).toEqual([
      [`refund:${first.refundId}`, (part / 100).toFixed(2), `refund:${first.refundId}`],
      [`refund:${second.refundId}`, ((order.totalMinor - part) / 100).toFixed(2), `refund:${second.refundId}`],
    ])
    expect(paypal.refunds.filter((r) => r.capture_id === captureId)).toHaveLength(2)
    expect(await orderStatus(tdb.db, order.id)).toBe('refunded')
    const ours = await tdb.db.select().from(t.refunds).where(eq(t.refunds.orderId, order.id))
    expect(ours.map((r) => r.status)).toEqual(['succeeded', 'succeeded'])
    expect(await paymentRow(paymentId)).toMatchObject({ status: 'refunded' })
  })

  it('refuses forged, stale and unsigned webhooks with 400; ignores other amounts, replays and late denials', async () => {
    const { order, paymentId, paypalOrderId } = await startedOrder()
    const capture = completedCapture({ order, paymentId, paypalOrderId }, 'CAPTURESTANDIN1', 'USD')
    const type = 'PAYMENT.CAPTURE.COMPLETED'
    expect(await paypal.send(type, capture, { tamper: (b) => b.replace('"COMPLETED"', '"COMPLETED" ') })).toBe(200)
    // ^ whitespace only: the same event, still verified. A changed value is not:
    expect(await paypal.send(type, capture, { tamper: (b) => b.replace('CAPTURESTANDIN1', 'CAPTUREFORGED01') })).toBe(
      400,
    )
    expect(await paypal.send(type, capture, { webhookId: 'WH-SOMEONE-ELSE' })).toBe(400)
    expect(await paypal.send(type, capture, { time: new Date(Date.now() - 301_000) })).toBe(400)
    const unsigned = await fetch(hook.url, { method: 'POST', body: JSON.stringify({ event_type: type }) })
    expect(unsigned.status).toBe(400)

    const other = { ...capture, amount: { currency_code: 'USD', value: '0.01' } }
    expect(await paypal.send(type, other)).toBe(200)
    expect(hook.answers.at(-1)!.outcome).toBe('ignored')
    expect(await paymentRow(paymentId)).toMatchObject({ status: 'succeeded', captureId: 'CAPTURESTANDIN1' })
    // (the whitespace-only delivery above was the genuine one; its replay is a duplicate)
    expect(await paypal.send(type, capture, { id: 'WH-REPLAYED-1' })).toBe(200)
    expect(await paypal.send(type, capture, { id: 'WH-REPLAYED-1' })).toBe(200)
    expect(hook.answers.at(-1)!.outcome).toBe('duplicate')
    expect(await paypal.send('PAYMENT.CAPTURE.DENIED', { ...capture, status: 'DENIED' })).toBe(200)
    expect(hook.answers.at(-1)!.outcome).toBe('unchanged')
    expect(await paymentRow(paymentId)).toMatchObject({ status: 'succeeded' })
    expect(await paypal.send(type, { ...capture, invoice_id: 'not-ours' })).toBe(200)
    expect(hook.answers.at(-1)!.outcome).toBe('ignored')
    await settle(tdb.db)
    expect(await orderStatus(tdb.db, order.id)).toBe('delivered')
  })

  it('ignores a completed capture in another currency for the same amount, and logs a capture not ours at warn', async () => {
    const { order, paymentId, paypalOrderId } = await startedOrder()
    const capture = completedCapture({ order, paymentId, paypalOrderId }, 'CAPTUREOTHERCUR', 'EUR')
    const type = 'PAYMENT.CAPTURE.COMPLETED'
    const warn = vi.spyOn(log, 'warn')
    try {
      expect(await paypal.send(type, capture)).toBe(200)
      expect(hook.answers.at(-1)!.outcome).toBe('ignored')
      expect(await paymentRow(paymentId)).toMatchObject({ status: 'pending', captureId: null })
      expect(await orderStatus(tdb.db, order.id)).toBe('awaiting_payment')

      const notOurs = '5b7e3c1a-0000-4000-8000-000000000000'
      const eventId = `WH-NOT-OURS-${paymentId}`
      const foreign = { ...capture, amount: { currency_code: 'USD', value: '1.00' }, invoice_id: notOurs }
      expect(await paypal.send(type, foreign, { id: eventId })).toBe(200)
      expect(hook.answers.at(-1)).toEqual({ status: 200, outcome: 'ignored' })
      expect(warn.mock.calls).toContainEqual([
        { eventId, reference: notOurs },
        'webhook for an unknown payment ignored',
      ])
    } finally {
      warn.mockRestore()
    }
  })

  it('tells the shopper PayPal is unavailable on timeouts and 5xx, keeps the order payable, retries with the same id', async () => {
    const sku = await pickSku(tdb.db, 'topup')
    const user = await makeUser(tdb.db)
    const { order } = await createOrder(tdb.db, user, orderInput(sku))
    paypal.faults.push({ kind: 'delay', ms: 1_200 }, { kind: 'status', status: 503 }, { kind: 'status', status: 500 })
    await expect(startPayment(tdb.db, user, { orderId: order.id, method: 'wallet' }, urls)).rejects.toMatchObject({
      code: 'UNAVAILABLE',
      issues: [{ path: 'method', message: 'PROVIDER_UNAVAILABLE' }],
    })
    expect(await orderStatus(tdb.db, order.id)).toBe('awaiting_payment')
    // The slow first answer is out of the way once the stand-in has recorded all three tries.
    const [attempt] = await tdb.db.select().from(t.payments).where(eq(t.payments.orderId, order.id))
    const triesOf = () =>
      paypal.calls.filter(
        (c) => c.path === '/v2/checkout/orders' && c.headers['paypal-request-id'] === `order:${attempt!.id}`,
      ).length
    await expect.poll(triesOf, { timeout: 10_000 }).toBe(3)
    const retried = await startPayment(tdb.db, user, { orderId: order.id, method: 'wallet' }, urls)
    const creates = paypal.calls.filter(
      (c) => c.path === '/v2/checkout/orders' && c.headers['paypal-request-id'] === `order:${retried.paymentId}`,
    )
    expect(creates.length).toBeGreaterThanOrEqual(3)
    expect(creates.at(-1)!.replayed).toBe(true) // the order made before the timeout, answered again
    const made = [...paypal.orders.values()].filter((o) => o.purchase_units[0]!.invoice_id === retried.paymentId)
    expect(made).toHaveLength(1)
    expect(retried.redirectUrl).toBe(`${paypal.url}/checkoutnow?token=${made[0]!.id}`)
  })

  it('ends the attempt when the shopper cancels on PayPal; the order stays payable', async () => {
    const { order, paymentId } = await startedOrder()
    await returnFromProvider(tdb.db, 'paypal', { paymentId, outcome: 'cancel' }, urls.origin)
    expect(await paymentRow(paymentId)).toMatchObject({ status: 'cancelled', failureCode: 'cancelled_by_payer' })
    expect(await orderStatus(tdb.db, order.id)).toBe('awaiting_payment')
  })

  it('logs every PayPal call once with PayPal’s debug id, status and duration, and never the credentials', async () => {
    const info = vi.spyOn(log, 'info')
    try {
      const { paymentId, paypalOrderId } = await startedOrder()
      await approveAndReturn(paymentId, paypalOrderId)
      const lines = info.mock.calls
        .filter(([fields, m]) => m === 'payment provider call' && fields.provider === 'paypal')
        .map(([fields]) => fields)
      // The capture's webhook follows, checked with PayPal's verify call: logged the same way.
      expect(lines.map((l) => l.operation)).toEqual([
        'orders.create',
        'orders.capture',
        'notifications.verify-webhook-signature',
      ])
      for (const line of lines) {
        expect(line).toEqual({
          provider: 'paypal',
          operation: expect.any(String),
          requestId: expect.stringMatching(/^[0-9a-f]{12}$/),
          status: expect.any(Number),
          durationMs: expect.any(Number),
        })
      }
      const written = JSON.stringify(info.mock.calls)
      const { PAYPAL_CLIENT_ID: id, PAYPAL_CLIENT_SECRET: secret } = PAYPAL_TEST_KEYS
      expect(written).not.toContain(secret)
      expect(written).not.toContain(Buffer.from(`${id}:${secret}`).toString('base64'))
      expect(written).not.toContain('A21AA') // PayPal's access tokens
    } finally {
      info.mockRestore()
    }
  })
})

describeOnPostgres('PayPal under 50 concurrent starts of one order', () => {
  let tdb: TestDb
  let hook: WebhookEndpoint
  let restoreTimeout = () => {}
  beforeAll(async () => {
    // This suite is about idempotency, not timeouts: 50 starts at once on a busy two-core machine
    // can keep one waiting past the 400 ms the other suites use to provoke a timeout.
    restoreTimeout = overrideConfig({ PAYMENT_PROVIDER_TIMEOUT_MS: '10000' })
    tdb = await openTestDb('postgres', 20)
    hook = await startProviderWebhookEndpoint(tdb.db, 'paypal')
    paypal.webhook = { url: hook.url, webhookId: PAYPAL_TEST_KEYS.PAYPAL_WEBHOOK_ID }
  })
  afterAll(async () => {
    restoreTimeout()
    await paypal.settled()
    await hook?.close()
    await tdb?.close()
  })

  it('makes one attempt and one PayPal order, gives every start the same approval page, and captures once', async () => {
    const sku = await pickSku(tdb.db, 'topup')
    const user = await makeUser(tdb.db)
    const { order } = await createOrder(tdb.db, user, orderInput(sku))
    const starts = await Promise.allSettled(
      Array.from({ length: 50 }, () => startPayment(tdb.db, user, { orderId: order.id, method: 'wallet' }, urls)),
    )
    expect(starts.filter((s) => s.status === 'rejected')).toEqual([])
    const started = starts.map((s) => (s as PromiseFulfilledResult<{ redirectUrl: string; paymentId?: string }>).value)
    expect(new Set(started.map((s) => s.redirectUrl)).size).toBe(1)
    const attempts = await tdb.db.select().from(t.payments).where(eq(t.payments.orderId, order.id))
    expect(attempts).toHaveLength(1)
    const made = [...paypal.orders.values()].filter((o) => o.purchase_units[0]!.custom_id === order.id)
    expect(made).toHaveLength(1)
    expect(started[0]!.redirectUrl).toBe(`${paypal.url}/checkoutnow?token=${made[0]!.id}`)

    paypal.approve(made[0]!.id)
    await returnFromProvider(tdb.db, 'paypal', { paymentId: attempts[0]!.id, outcome: 'success' }, urls.origin)
    await paypal.settled()
    await settle(tdb.db)
    expect(made[0]!.purchase_units[0]!.payments?.captures).toHaveLength(1)
    expect(await orderStatus(tdb.db, order.id)).toBe('delivered')
  })
})

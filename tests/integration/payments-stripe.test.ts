/**
 * Stripe Checkout through the official SDK against a local stand-in of Stripe's API
 * (tests/stand-ins/stripe.ts), on PGlite and PostgreSQL: the session the shop asks for, paid →
 * delivered, refunds, webhooks forged / stale / replayed / out of order / of another amount, the
 * provider timing out or failing, a shopper giving up on the page, and (PostgreSQL) 50 concurrent
 * starts of one order making one session.
 */
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { AppError } from '../../src/modules/errors/app-error'
import { createOrder } from '../../src/modules/orders/create-order.server'
import { getOrderDetail } from '../../src/modules/orders/order-queries.server'
import { refundOrder } from '../../src/modules/orders/refund-order.server'
import { returnFromProvider } from '../../src/modules/payments/provider-return.server'
import { startPayment } from '../../src/modules/payments/start-payment.server'
import * as t from '../../src/server/db/schema'
import { log } from '../../src/server/log'
import { stripeGateway } from '../../src/server/payments/stripe/gateway.server'
import { startStripeStandIn, stripeSignature, type StripeStandIn } from '../stand-ins/stripe'
import {
  makeUser,
  openTestDb,
  orderInput,
  orderStatus,
  pickSku,
  playerFor,
  settle,
  type TestDb,
} from './orders-fixtures'
import { STRIPE_TEST_KEYS, seededAdmin, startProviderWebhookEndpoint, type WebhookEndpoint } from './provider-fixtures'
import { describeOnEachDriver, describeOnPostgres } from './throwaway-db'
import { ordersConfigForFile, overrideConfig } from './test-config'

ordersConfigForFile(STRIPE_TEST_KEYS)

const urls = { origin: 'http://shop.test' }

let stripe: StripeStandIn
let restore = () => {}
beforeAll(async () => {
  stripe = await startStripeStandIn({ secretKey: STRIPE_TEST_KEYS.STRIPE_SECRET_KEY })
  restore = overrideConfig({ STRIPE_API_URL: stripe.url })
})
afterAll(async () => {
  restore()
  await stripe?.close()
})

const sessionCalls = () => stripe.calls.filter((c) => c.method === 'POST' && c.path === '/v1/checkout/sessions')

function suite(driver: 'pglite' | 'postgres') {
  let tdb: TestDb
  let hook: WebhookEndpoint
  let admin: { id: string; email: string }

  beforeAll(async () => {
    tdb = await openTestDb(driver)
    hook = await startProviderWebhookEndpoint(tdb.db, 'stripe')
    stripe.endpoint = { url: hook.url, secret: STRIPE_TEST_KEYS.STRIPE_WEBHOOK_SECRET }
    admin = await seededAdmin(tdb.db)
  })
  afterAll(async () => {
    await stripe.settled()
    await hook?.close()
    await tdb?.close()
  })

  async function startedOrder(currency = 'USD') {
    const { db } = tdb
    const sku = await pickSku(db, 'topup', currency)
    const user = await makeUser(db)
    const { order } = await createOrder(db, user, orderInput(sku, { currency }))
    const started = await startPayment(db, user, { orderId: order.id, method: 'card' }, urls)
    const sessionId = new URL(started.redirectUrl).pathname.split('/').at(-1)!
    return { user, order, paymentId: started.paymentId!, redirectUrl: started.redirectUrl, sessionId }
  }

  /** An order whose card start Stripe answers with these statuses (the SDK's three tries): refused as UNAVAILABLE. */
  async function orderRefusedWhileStripeAnswers(...statuses: [number, number, number]) {
    const sku = await pickSku(tdb.db, 'topup')
    const user = await makeUser(tdb.db)
    const { order } = await createOrder(tdb.db, user, orderInput(sku))
    stripe.faults.push(...statuses.map((status) => ({ kind: 'status' as const, status })))
    await expect(startPayment(tdb.db, user, { orderId: order.id, method: 'card' }, urls)).rejects.toMatchObject({
      code: 'UNAVAILABLE',
    })
    return { user, order }
  }

  async function paymentRow(paymentId: string) {
    const [row] = await tdb.db.select().from(t.payments).where(eq(t.payments.id, paymentId))
    return row!
  }

  async function deliveredOrder() {
    const started = await startedOrder()
    await stripe.pay(started.sessionId)
    await settle(tdb.db)
    expect(await orderStatus(tdb.db, started.order.id)).toBe('delivered')
    return started
  }

  /** The session as Stripe would report it in an event, with `over` applied. */
  function sessionObject(sessionId: string, over: Record<string, unknown> = {}) {
    const { line_items_sent: _l, payment_intent_metadata: _m, ...session } = stripe.sessions.get(sessionId)!
    return { ...session, ...over }
  }

  it('asks for one Checkout Session in the order currency and minor units, keyed by the attempt; paid → delivered', async () => {
    const before = sessionCalls().length
    const { order, paymentId, redirectUrl, sessionId } = await startedOrder()
    expect(redirectUrl).toBe(`${stripe.url}/c/pay/${sessionId}`)
    const [call] = sessionCalls().slice(before)
    expect(call!.headers['idempotency-key']).toBe(`checkout:${paymentId}`)
    expect(call!.headers['stripe-version']).toBeTruthy()
    const body = call!.body as {
      success_url: string
      cancel_url: string
      expires_at: string
      line_items: { price_data: { product_data: { name: string } } }[]
    }
    expect(body).toMatchObject({
      mode: 'payment',
      client_reference_id: order.id,
      metadata: { order_id: order.id, payment_id: paymentId },
      payment_intent_data: { metadata: { order_id: order.id, payment_id: paymentId } },
      locale: 'en',
      allowed_payment_method_types: ['card'],
      line_items: [{ quantity: '1', price_data: { currency: 'usd', unit_amount: String(order.totalMinor) } }],
    })
    expect(body.line_items[0].price_data.product_data.name).toBe(order.number)
    expect(body.success_url).toBe(
      `http://shop.test/payment/creditCard3DSResult?orderId=${order.id}&paymentId=${paymentId}&session_id={CHECKOUT_SESSION_ID}`,
    )
    expect(body.cancel_url).toBe(`http://shop.test/api/pay/return/stripe?paymentId=${paymentId}&outcome=cancel`)
    // The order's payment window, but never under Stripe's 30 minutes.
    expect(Number(body.expires_at)).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000) + 30 * 60)
    expect(await paymentRow(paymentId)).toMatchObject({ gateway: 'stripe', externalId: sessionId, status: 'pending' })

    await stripe.pay(sessionId)
    expect(hook.answers.at(-1)).toEqual({ status: 200, outcome: 'applied' })
    await settle(tdb.db)
    expect(await orderStatus(tdb.db, order.id)).toBe('delivered')
    const paid = await paymentRow(paymentId)
    expect(paid).toMatchObject({ status: 'succeeded', captureId: stripe.sessions.get(sessionId)!.payment_intent })
  })

  it('offers the local methods configured for the currency (BRL: card and pix)', async () => {
    const before = sessionCalls().length
    await startedOrder('BRL')
    expect(sessionCalls().slice(before)[0]!.body).toMatchObject({
      allowed_payment_method_types: ['card', 'pix'],
      line_items: [{ price_data: { currency: 'brl' } }],
    })
  })

  it('refuses forged, stale and unsigned webhooks with 400; ignores other amounts, replays and late events', async () => {
    const { order, paymentId, sessionId } = await startedOrder()
    const paid = sessionObject(sessionId, { status: 'complete', payment_status: 'paid', payment_intent: 'pi_test_x1' })
    const old = Math.floor(Date.now() / 1000) - 301

    expect(await stripe.send('checkout.session.completed', paid, { secret: 'whsec_forged' })).toBe(400)
    expect(await stripe.send('checkout.session.completed', paid, { timestamp: old })).toBe(400)
    const unsigned = await fetch(hook.url, {
      method: 'POST',
      body: JSON.stringify({ type: 'checkout.session.completed' }),
    })
    expect(unsigned.status).toBe(400)
    // A signature over another body (the amount changed in flight) is forged too.
    const body = JSON.stringify({ id: 'evt_test_tampered', type: 'checkout.session.completed', data: { object: paid } })
    const tampered = await fetch(hook.url, {
      method: 'POST',
      headers: { 'stripe-signature': stripeSignature(body.replace('"paid"', '"unpaid"'), 'whsec_standin') },
      body,
    })
    expect(tampered.status).toBe(400)
    expect(await orderStatus(tdb.db, order.id)).toBe('awaiting_payment')

    // Signed, but for another amount than the attempt: acknowledged and ignored.
    const other = { ...paid, amount_total: paid.amount_total + 1 }
    expect(await stripe.send('checkout.session.completed', other)).toBe(200)
    expect(hook.answers.at(-1)!.outcome).toBe('ignored')
    expect(await paymentRow(paymentId)).toMatchObject({ status: 'pending' })

    const eventId = 'evt_test_completed_once'
    expect(await stripe.send('checkout.session.completed', paid, { id: eventId })).toBe(200)
    expect(hook.answers.at(-1)!.outcome).toBe('applied')
    expect(await stripe.send('checkout.session.completed', paid, { id: eventId })).toBe(200)
    expect(hook.answers.at(-1)!.outcome).toBe('duplicate')
    // A late `expired` (or a failed async payment) after the capture changes nothing.
    expect(await stripe.send('checkout.session.expired', { ...paid, status: 'expired' })).toBe(200)
    expect(hook.answers.at(-1)!.outcome).toBe('unchanged')
    expect(await stripe.send('checkout.session.async_payment_failed', paid)).toBe(200)
    expect(hook.answers.at(-1)!.outcome).toBe('unchanged')
    expect(await paymentRow(paymentId)).toMatchObject({ status: 'succeeded', captureId: 'pi_test_x1' })
    expect(await orderStatus(tdb.db, order.id)).not.toBe('awaiting_payment')

    // A session we never made (another integration on the same account): acknowledged, ignored.
    expect(await stripe.send('checkout.session.completed', { ...paid, id: 'cs_test_foreign', metadata: {} })).toBe(200)
    expect(hook.answers.at(-1)!.outcome).toBe('ignored')
    const events = await tdb.db.select().from(t.webhookEvents).where(eq(t.webhookEvents.eventId, eventId))
    expect(events).toHaveLength(1)
    await settle(tdb.db)
  })

  it('ignores a paid session in another currency for the same amount: nothing changes', async () => {
    const { order, paymentId, sessionId } = await startedOrder()
    const paid = sessionObject(sessionId, { status: 'complete', payment_status: 'paid', payment_intent: 'pi_test_eur' })
    expect(paid.currency).toBe('usd')
    const error = vi.spyOn(log, 'error')
    try {
      expect(await stripe.send('checkout.session.completed', { ...paid, currency: 'eur' })).toBe(200)
      expect(hook.answers.at(-1)!.outcome).toBe('ignored')
      expect(error.mock.calls.map(([, msg]) => msg)).toContain('webhook amount does not match the payment; ignored')
    } finally {
      error.mockRestore()
    }
    expect(await paymentRow(paymentId)).toMatchObject({ status: 'pending', captureId: null })
    expect(await orderStatus(tdb.db, order.id)).toBe('awaiting_payment')
    // The same session in its own currency still pays the order.
    expect(await stripe.send('checkout.session.completed', paid)).toBe(200)
    expect(hook.answers.at(-1)!.outcome).toBe('applied')
    await settle(tdb.db)
  })

  it('acknowledges a session it never made and logs it at warn', async () => {
    const { sessionId } = await startedOrder()
    const foreign = sessionObject(sessionId, {
      id: 'cs_test_not_ours',
      status: 'complete',
      payment_status: 'paid',
      metadata: { payment_id: '3f1c1d2e-0000-4000-8000-000000000000' },
    })
    const warn = vi.spyOn(log, 'warn')
    try {
      const eventId = `evt_test_unknown_${sessionId}`
      expect(await stripe.send('checkout.session.completed', foreign, { id: eventId })).toBe(200)
      expect(hook.answers.at(-1)).toEqual({ status: 200, outcome: 'ignored' })
      expect(warn.mock.calls).toContainEqual([
        { eventId, reference: '3f1c1d2e-0000-4000-8000-000000000000' },
        'webhook for an unknown payment ignored',
      ])
    } finally {
      warn.mockRestore()
    }
  })

  it('pays a boleto-style session later: completed unpaid waits, async_payment_succeeded captures', async () => {
    const { order, paymentId, sessionId } = await startedOrder()
    const waiting = sessionObject(sessionId, { status: 'complete', payment_status: 'unpaid' })
    expect(await stripe.send('checkout.session.completed', waiting)).toBe(200)
    expect(await paymentRow(paymentId)).toMatchObject({ status: 'requires_action' })
    const paid = { ...waiting, payment_status: 'paid', payment_intent: 'pi_test_async' }
    expect(await stripe.send('checkout.session.async_payment_succeeded', paid)).toBe(200)
    expect(await paymentRow(paymentId)).toMatchObject({ status: 'succeeded', captureId: 'pi_test_async' })
    await settle(tdb.db)
    expect(await orderStatus(tdb.db, order.id)).toBe('delivered')
  })

  it('refunds in part and in full through POST /v1/refunds with the amount and one key per refund', async () => {
    const { order, paymentId, sessionId } = await deliveredOrder()
    const intent = stripe.sessions.get(sessionId)!.payment_intent!
    const part = Math.floor(order.totalMinor / 3)
    const first = await refundOrder(tdb.db, order.id, { actor: admin }, { amountMinor: part })
    await settle(tdb.db)
    await stripe.settled()
    const refundCalls = () =>
      stripe.calls.filter((c) => c.path === '/v1/refunds' && c.method === 'POST' && c.body.payment_intent === intent)
    expect(refundCalls()).toHaveLength(1)
    expect(refundCalls()[0]).toMatchObject({
      headers: { 'idempotency-key': `refund:${first.refundId}` },
      body: { amount: String(part), metadata: { refund_key: `refund:${first.refundId}`, payment_id: paymentId } },
    })
    // The job asked again (a worker died after the call): the key makes it the same refund.
    const again = await stripeGateway().refund({
      reference: paymentId,
      externalId: sessionId,
      captureId: intent,
      amountMinor: part,
      currency: 'USD',
      idempotencyKey: `refund:${first.refundId}`,
    })
    expect(again).toBe('settled')
    expect(refundCalls().at(-1)).toMatchObject({
      replayed: true,
      headers: { 'idempotency-key': `refund:${first.refundId}` },
    })
    expect([...stripe.refunds.values()].filter((r) => r.payment_intent === intent)).toHaveLength(1)

    const rest = order.totalMinor - part
    const second = await refundOrder(tdb.db, order.id, { actor: admin }, { amountMinor: rest })
    await settle(tdb.db)
    await stripe.settled()
    expect(refundCalls().at(-1)).toMatchObject({
      headers: { 'idempotency-key': `refund:${second.refundId}` },
      body: { amount: String(rest) },
    })
    const atStripe = [...stripe.refunds.values()].filter((r) => r.payment_intent === intent)
    expect(atStripe.reduce((sum, r) => sum + r.amount, 0)).toBe(order.totalMinor)
    const ours = await tdb.db.select().from(t.refunds).where(eq(t.refunds.orderId, order.id))
    expect(ours.map((r) => r.status)).toEqual(['succeeded', 'succeeded'])
    expect(await orderStatus(tdb.db, order.id)).toBe('refunded')
    // Stripe's charge.refunded webhooks came after the job had settled them: nothing twice.
    expect(hook.answers.slice(-2).map((a) => a.status)).toEqual([200, 200])
  })

  it('keeps a pending refund pending until charge.refunded says it succeeded', async () => {
    const { order, sessionId } = await deliveredOrder()
    const intent = stripe.sessions.get(sessionId)!.payment_intent!
    stripe.refundStatus = 'pending'
    let made
    try {
      await refundOrder(tdb.db, order.id, { actor: admin })
      await settle(tdb.db)
      await stripe.settled()
      ;[made] = [...stripe.refunds.values()].filter((r) => r.payment_intent === intent)
    } finally {
      stripe.refundStatus = 'succeeded'
    }
    expect(made).toMatchObject({ status: 'pending', amount: order.totalMinor })
    const pending = await getOrderDetail(tdb.db, null, order.id)
    expect(pending.refunds.map((r) => r.status)).toEqual(['requested'])
    expect(pending.status).not.toBe('refunded')
    expect(pending.events.map((e) => e.type)).not.toContain('payment_refunded')

    const answered = hook.answers.length
    await stripe.finishRefund(made!.id, 'succeeded')
    expect(hook.answers.slice(answered)).toEqual([{ status: 200, outcome: 'applied' }])
    const done = await getOrderDetail(tdb.db, null, order.id)
    expect(done.refunds.map((r) => r.status)).toEqual(['succeeded'])
    expect(done.status).toBe('refunded')
    expect(done.events.filter((e) => e.type === 'payment_refunded')).toHaveLength(1)
  })

  it('marks a refund Stripe answers failed as failed, and a pending one that fails later once refund.failed comes', async () => {
    const { order, sessionId } = await deliveredOrder()
    const intent = stripe.sessions.get(sessionId)!.payment_intent!
    const refundsAtStripe = () => [...stripe.refunds.values()].filter((r) => r.payment_intent === intent)
    const part = Math.floor(order.totalMinor / 2)
    stripe.refundStatus = 'failed'
    try {
      await refundOrder(tdb.db, order.id, { actor: admin }, { amountMinor: part })
      await settle(tdb.db)
      await stripe.settled()
    } finally {
      stripe.refundStatus = 'succeeded'
    }
    // Refused for good (refund.server.ts): the row fails, the order says so, and the amount is refundable again.
    expect(refundsAtStripe().map((r) => r.status)).toEqual(['failed'])
    const refused = await getOrderDetail(tdb.db, null, order.id)
    expect(refused.refunds.map((r) => r.status)).toEqual(['failed'])
    expect(refused.events.filter((e) => e.type === 'refund_failed')).toHaveLength(1)
    expect(refused.refundableMinor).toBe(order.totalMinor)
    expect(refused.status).toBe('delivered')

    // Pending at first, failed at the bank later: refund.failed fails the row, once.
    stripe.refundStatus = 'pending'
    try {
      await refundOrder(tdb.db, order.id, { actor: admin }, { amountMinor: part })
      await settle(tdb.db)
      await stripe.settled()
    } finally {
      stripe.refundStatus = 'succeeded'
    }
    const waiting = await getOrderDetail(tdb.db, null, order.id)
    expect(waiting.refunds.map((r) => r.status)).toEqual(['failed', 'requested'])
    expect(waiting.refundableMinor).toBe(order.totalMinor - part)
    const later = refundsAtStripe().find((r) => r.status === 'pending')!
    const answered = hook.answers.length
    await stripe.finishRefund(later.id, 'failed')
    expect(hook.answers.slice(answered)).toEqual([{ status: 200, outcome: 'applied' }])
    const after = await getOrderDetail(tdb.db, null, order.id)
    expect(after.refunds.map((r) => r.status)).toEqual(['failed', 'failed'])
    expect(after.events.filter((e) => e.type === 'refund_failed')).toHaveLength(2)
    expect(after.refundableMinor).toBe(order.totalMinor)
    expect(after.status).toBe('delivered')
    expect(after.events.map((e) => e.type)).not.toContain('payment_refunded')
    // Stripe delivers the same event again: nothing moves twice.
    const failedEvent = hook.answers.length
    await stripe.send('refund.failed', { ...later, status: 'failed', failure_reason: 'expired_or_canceled_card' })
    expect(hook.answers.slice(failedEvent).map((a) => a.outcome)).toEqual(['unchanged'])
    expect(
      (await getOrderDetail(tdb.db, null, order.id)).events.filter((e) => e.type === 'refund_failed'),
    ).toHaveLength(2)
  })

  it('refunds the card through Stripe by itself when the delivery fails for good', async () => {
    const restoreChoice = overrideConfig({ REFUND_CHOICE_MINUTES: '0' }) // no shopper choice: refunded at once
    try {
      const sku = await pickSku(tdb.db, 'topup')
      const user = await makeUser(tdb.db)
      // A player ID ending in 0000: the sandbox supplier accepts the order and its delivery fails.
      const player = playerFor(sku, '1234560000')
      expect(player.playerId).toBe('1234560000')
      const { order } = await createOrder(tdb.db, user, orderInput(sku, { player }))
      const started = await startPayment(tdb.db, user, { orderId: order.id, method: 'card' }, urls)
      const sessionId = new URL(started.redirectUrl).pathname.split('/').at(-1)!
      await stripe.pay(sessionId)
      await settle(tdb.db)
      await stripe.settled()
      await settle(tdb.db)
      const intent = stripe.sessions.get(sessionId)!.payment_intent!
      const [refund] = await tdb.db.select().from(t.refunds).where(eq(t.refunds.orderId, order.id))
      expect(refund).toMatchObject({ status: 'succeeded', amountMinor: order.totalMinor })
      const calls = stripe.calls.filter(
        (c) => c.path === '/v1/refunds' && c.method === 'POST' && c.body.payment_intent === intent,
      )
      expect(calls.length).toBeGreaterThanOrEqual(1)
      for (const call of calls) {
        expect(call).toMatchObject({
          headers: { 'idempotency-key': `refund:${refund!.id}` },
          body: { amount: String(order.totalMinor) },
        })
      }
      expect([...stripe.refunds.values()].filter((r) => r.payment_intent === intent)).toHaveLength(1)
      expect(await orderStatus(tdb.db, order.id)).toBe('refunded')
    } finally {
      restoreChoice()
    }
  })

  it('tells the shopper the provider is unavailable on timeouts, keeps the order payable, and retries with the same key', async () => {
    const before = sessionCalls().length
    const sku = await pickSku(tdb.db, 'topup')
    const user = await makeUser(tdb.db)
    const { order } = await createOrder(tdb.db, user, orderInput(sku))
    // Every try of the first start answers after the 400 ms timeout (the session is made all the same).
    stripe.faults.push({ kind: 'delay', ms: 1_200 }, { kind: 'delay', ms: 1_200 }, { kind: 'delay', ms: 1_200 })
    const failed = await startPayment(tdb.db, user, { orderId: order.id, method: 'card' }, urls).catch(
      (e: unknown) => e,
    )
    expect(failed).toBeInstanceOf(AppError)
    expect(failed).toMatchObject({ code: 'UNAVAILABLE', issues: [{ path: 'method', message: 'PROVIDER_UNAVAILABLE' }] })
    expect(await orderStatus(tdb.db, order.id)).toBe('awaiting_payment')
    const [attempt] = await tdb.db.select().from(t.payments).where(eq(t.payments.orderId, order.id))
    expect(attempt).toMatchObject({ status: 'pending', externalId: null })

    // The slow answers are out of the way once the stand-in has recorded all three.
    await expect.poll(() => sessionCalls().length - before, { timeout: 10_000 }).toBe(3)
    const retried = await startPayment(tdb.db, user, { orderId: order.id, method: 'card' }, urls)
    expect(retried.paymentId).toBe(attempt!.id)
    const calls = sessionCalls().slice(before)
    expect(calls.length).toBeGreaterThanOrEqual(2)
    expect(new Set(calls.map((c) => c.headers['idempotency-key']))).toEqual(new Set([`checkout:${attempt!.id}`]))
    expect(calls.at(-1)!.replayed).toBe(true)
    const made = [...stripe.sessions.values()].filter((s) => s.metadata.payment_id === attempt!.id)
    expect(made).toHaveLength(1)
    expect(retried.redirectUrl).toBe(made[0]!.url)
    expect(await tdb.db.select().from(t.payments).where(eq(t.payments.orderId, order.id))).toHaveLength(1)
  })

  it('treats Stripe 5xx the same: unavailable, payable, one session once it answers', async () => {
    const { user, order } = await orderRefusedWhileStripeAnswers(500, 503, 502)
    expect(stripe.faults).toHaveLength(0) // the SDK tried three times
    expect(await orderStatus(tdb.db, order.id)).toBe('awaiting_payment')
    const retried = await startPayment(tdb.db, user, { orderId: order.id, method: 'card' }, urls)
    const made = [...stripe.sessions.values()].filter((s) => s.metadata.payment_id === retried.paymentId)
    expect(made.map((s) => s.url)).toEqual([retried.redirectUrl])
  })

  it('closes the session when the shopper gives up on Stripe’s page; the order stays payable', async () => {
    const { order, paymentId, sessionId } = await startedOrder()
    await stripe.settled()
    // Stripe's own checkout.session.expired is sent after its answer to the expire call: held here
    // so that it surely comes after the return door's own cancellation (it raced it under load).
    const release = stripe.holdWebhooks()
    const location = await returnFromProvider(tdb.db, 'stripe', { paymentId, outcome: 'cancel' }, urls.origin)
    expect(location).toBe(`http://shop.test/payment/creditCard3DSResult?orderId=${order.id}&paymentId=${paymentId}`)
    const expires = stripe.calls.filter((c) => c.path === `/v1/checkout/sessions/${sessionId}/expire`)
    expect(expires).toMatchObject([{ method: 'POST', status: 200 }])
    expect(await paymentRow(paymentId)).toMatchObject({ status: 'cancelled', failureCode: 'cancelled_by_payer' })
    expect(await orderStatus(tdb.db, order.id)).toBe('awaiting_payment')
    const answered = hook.answers.length
    await release() // Stripe's checkout.session.expired arrives: nothing changes
    expect(hook.answers.slice(answered)).toEqual([{ status: 200, outcome: 'unchanged' }])
    expect(await paymentRow(paymentId)).toMatchObject({ status: 'cancelled', failureCode: 'cancelled_by_payer' })
  })

  it('logs every Stripe call once with Stripe’s request id and its duration, and never a key', async () => {
    const info = vi.spyOn(log, 'info')
    const warn = vi.spyOn(log, 'warn')
    try {
      const { user, order } = await orderRefusedWhileStripeAnswers(503, 503, 503)
      await startPayment(tdb.db, user, { orderId: order.id, method: 'card' }, urls)
      const lines = (spy: typeof info, msg: string) =>
        spy.mock.calls
          .filter(([fields, m]) => m === msg && fields.operation === 'checkout.sessions.create')
          .map(([fields]) => fields)
      const ok = lines(info, 'payment provider call')
      const failed = lines(warn, 'payment provider call failed')
      expect(ok).toEqual([
        {
          provider: 'stripe',
          operation: 'checkout.sessions.create',
          requestId: expect.stringMatching(/^req_test_/),
          durationMs: expect.any(Number),
        },
      ])
      // The SDK's three tries of the failed start are one call: logged once, with the last answer's id.
      expect(failed).toEqual([
        {
          provider: 'stripe',
          operation: 'checkout.sessions.create',
          requestId: expect.stringMatching(/^req_test_/),
          status: 503,
          code: expect.any(String),
          durationMs: expect.any(Number),
        },
      ])
      const written = JSON.stringify([...info.mock.calls, ...warn.mock.calls])
      for (const secret of [STRIPE_TEST_KEYS.STRIPE_SECRET_KEY, STRIPE_TEST_KEYS.STRIPE_WEBHOOK_SECRET]) {
        expect(written).not.toContain(secret)
      }
    } finally {
      info.mockRestore()
      warn.mockRestore()
    }
  })
}

describeOnEachDriver('Stripe Checkout', suite)

describeOnPostgres('Stripe Checkout under 50 concurrent starts of one order', () => {
  let tdb: TestDb
  let restoreTimeout = () => {}
  beforeAll(async () => {
    // This suite is about idempotency, not timeouts: 50 starts at once on a busy two-core machine
    // can keep one waiting past the 400 ms the other suites use to provoke a timeout.
    restoreTimeout = overrideConfig({ PAYMENT_PROVIDER_TIMEOUT_MS: '10000' })
    tdb = await openTestDb('postgres', 20)
  })
  afterAll(async () => {
    restoreTimeout()
    await tdb?.close()
  })

  it('makes one attempt and one Checkout Session, and gives every start the same page', async () => {
    const sku = await pickSku(tdb.db, 'topup')
    const user = await makeUser(tdb.db)
    const { order } = await createOrder(tdb.db, user, orderInput(sku))
    const starts = await Promise.allSettled(
      Array.from({ length: 50 }, () => startPayment(tdb.db, user, { orderId: order.id, method: 'card' }, urls)),
    )
    const failures = starts.filter((s) => s.status === 'rejected')
    expect(failures).toEqual([])
    const redirects = new Set(
      starts.map((s) => (s as PromiseFulfilledResult<{ redirectUrl: string }>).value.redirectUrl),
    )
    expect(redirects.size).toBe(1)
    const attempts = await tdb.db.select().from(t.payments).where(eq(t.payments.orderId, order.id))
    expect(attempts).toHaveLength(1)
    const made = [...stripe.sessions.values()].filter((s) => s.client_reference_id === order.id)
    expect(made).toHaveLength(1)
    expect([...redirects][0]).toBe(made[0]!.url)
    const started = await tdb.db
      .select()
      .from(t.orderEvents)
      .where(and(eq(t.orderEvents.orderId, order.id), eq(t.orderEvents.type, 'payment_started')))
    expect(started).toHaveLength(1)
  })
})

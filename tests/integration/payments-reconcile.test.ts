/**
 * The daily payment reconciliation (ADR 105) against a stand-in of Stripe's API, on PGlite and
 * PostgreSQL: the day's Checkout Sessions and refunds are listed through the SDK (`created[gte|lt]`)
 * and compared with our rows; every difference is listed (paid there and not here and the other
 * way, amounts that differ, refunds missing on either side) and kept for the dashboard.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createOrder } from '../../src/modules/orders/create-order.server'
import { refundOrder } from '../../src/modules/orders/refund-order.server'
import { reconcilableGateways } from '../../src/modules/payments/payment-jobs.server'
import { lastReconciliation, reconcilePayments } from '../../src/modules/payments/reconcile.server'
import { startPayment } from '../../src/modules/payments/start-payment.server'
import { utcDay } from '../../src/modules/time/days'
import { startStripeStandIn, type StripeStandIn } from '../stand-ins/stripe'
import { makeUser, openTestDb, orderInput, orderStatus, pickSku, settle, type TestDb } from './orders-fixtures'
import { STRIPE_TEST_KEYS, seededAdmin, startProviderWebhookEndpoint, type WebhookEndpoint } from './provider-fixtures'
import { describeOnEachDriver } from './throwaway-db'
import { ordersConfigForFile, overrideConfig } from './test-config'

ordersConfigForFile(STRIPE_TEST_KEYS)

const urls = { origin: 'http://shop.test' }

describeOnEachDriver('Stripe payment reconciliation', (driver) => {
  let tdb: TestDb
  let hook: WebhookEndpoint
  // A stand-in of its own: another suite's sessions would be "paid there and not here" for this one.
  let stripe: StripeStandIn
  let restore = () => {}
  let admin: { id: string; email: string }

  beforeAll(async () => {
    stripe = await startStripeStandIn({ secretKey: STRIPE_TEST_KEYS.STRIPE_SECRET_KEY })
    restore = overrideConfig({ STRIPE_API_URL: stripe.url })
    tdb = await openTestDb(driver)
    hook = await startProviderWebhookEndpoint(tdb.db, 'stripe')
    stripe.endpoint = { url: hook.url, secret: STRIPE_TEST_KEYS.STRIPE_WEBHOOK_SECRET }
    admin = await seededAdmin(tdb.db)
  })
  afterAll(async () => {
    await stripe?.settled()
    await hook?.close()
    await tdb?.close()
    restore()
    await stripe?.close()
  })

  async function startedOrder() {
    const sku = await pickSku(tdb.db, 'topup')
    const user = await makeUser(tdb.db)
    const { order } = await createOrder(tdb.db, user, orderInput(sku))
    const started = await startPayment(tdb.db, user, { orderId: order.id, method: 'card' }, urls)
    const sessionId = new URL(started.redirectUrl).pathname.split('/').at(-1)!
    return { order, paymentId: started.paymentId!, sessionId }
  }

  async function deliveredOrder() {
    const started = await startedOrder()
    await stripe.pay(started.sessionId)
    await settle(tdb.db)
    expect(await orderStatus(tdb.db, started.order.id)).toBe('delivered')
    return started
  }

  it('finds nothing to report when Stripe and the shop agree, listing the day through the SDK', async () => {
    const paid = await deliveredOrder()
    await startedOrder() // started, not paid: the same on both sides
    await refundOrder(tdb.db, paid.order.id, { actor: admin }, { amountMinor: Math.floor(paid.order.totalMinor / 3) })
    await settle(tdb.db)
    await stripe.settled()

    const day = utcDay(new Date())
    const before = stripe.calls.length
    const result = await reconcilePayments(tdb.db, 'stripe', day)
    expect(result).toMatchObject({ gateway: 'stripe', day, payments: 2, refunds: 1, mismatches: [] })
    const from = String(Date.parse(`${day}T00:00:00Z`) / 1000)
    const to = String(Date.parse(`${day}T00:00:00Z`) / 1000 + 86_400)
    const lists = stripe.calls.slice(before).filter((c) => c.method === 'GET')
    expect(lists.map((c) => c.path).sort()).toEqual(['/v1/checkout/sessions', '/v1/refunds'])
    for (const call of lists) expect(call.query).toMatchObject({ 'created[gte]': from, 'created[lt]': to })
    expect(await lastReconciliation(tdb.db, 'stripe')).toEqual(result)
  })

  it('lists every mismatch: paid only at Stripe or only here, amounts that differ, refunds missing on either side', async () => {
    // Paid at Stripe, but its webhook never arrived.
    const lost = await startedOrder()
    Object.assign(stripe.sessions.get(lost.sessionId)!, {
      status: 'complete',
      payment_status: 'paid',
      payment_intent: 'pi_test_lost',
    })
    // Paid here for another amount than Stripe took.
    const other = await deliveredOrder()
    stripe.sessions.get(other.sessionId)!.amount_total += 1
    // Paid here, but Stripe's session is unpaid.
    const ghost = await deliveredOrder()
    stripe.sessions.get(ghost.sessionId)!.payment_status = 'unpaid'
    // A refund made in Stripe's Dashboard (no key of ours), and one of ours Stripe has no trace of.
    const refunded = await deliveredOrder()
    const intent = stripe.sessions.get(refunded.sessionId)!.payment_intent!
    const created = Math.floor(Date.now() / 1000)
    stripe.refunds.set('re_test_dashboard', {
      id: 're_test_dashboard',
      object: 'refund',
      amount: Math.floor(refunded.order.totalMinor / 4),
      currency: 'usd',
      payment_intent: intent,
      charge: `ch_${intent.slice(3)}`,
      status: 'succeeded',
      metadata: {},
      created,
    })
    const ours = await refundOrder(
      tdb.db,
      refunded.order.id,
      { actor: admin },
      { amountMinor: Math.floor(refunded.order.totalMinor / 4) },
    )
    await settle(tdb.db)
    await stripe.settled()
    const theirs = [...stripe.refunds.values()].find((r) => r.metadata.refund_key === `refund:${ours.refundId}`)!
    stripe.refunds.delete(theirs.id)

    const result = await reconcilePayments(tdb.db, 'stripe', utcDay(new Date()))
    const found = result.mismatches.map((m) => [m.kind, m.providerId, m.orderId])
    expect(found).toEqual(
      expect.arrayContaining([
        ['paid_there_not_here', lost.sessionId, lost.order.id],
        ['amount_differs', other.sessionId, other.order.id],
        ['paid_here_not_there', ghost.sessionId, ghost.order.id],
        ['refund_missing_here', 're_test_dashboard', null],
        ['refund_missing_there', `refund:${ours.refundId}`, refunded.order.id],
      ]),
    )
    expect(found).toHaveLength(5)
    const differs = result.mismatches.find((m) => m.kind === 'amount_differs')!
    expect(differs.theirs!.amountMinor).toBe(differs.ours!.amountMinor + 1)
    expect(await lastReconciliation(tdb.db, 'stripe')).toMatchObject({ mismatches: result.mismatches })
  })

  it('looks at another day on demand: nothing listed, nothing to report', async () => {
    const result = await reconcilePayments(tdb.db, 'stripe', '2020-01-01')
    expect(result).toMatchObject({ day: '2020-01-01', payments: 0, refunds: 0, mismatches: [] })
  })

  it('runs daily for the gateways with records of their own (Stripe here, not the sandbox wallet)', () => {
    expect(reconcilableGateways(tdb.db)).toEqual(['stripe'])
  })
})

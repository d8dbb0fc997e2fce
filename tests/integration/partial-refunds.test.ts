/**
 * Refunds in full or in part (PGlite): staff refund any amount up to what is left from paid,
 * fulfilling, delivered or failed orders; each refund is a row with its own gateway call, mail
 * and timeline entry; the refund that reaches the captured amount refunds the order, which is
 * then never delivered. The gateway's webhook for a refund is applied once however often it comes.
 */
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { overrideConfig } from '../../app.config'
import { listAudit } from '../../src/modules/admin/audit.server'
import { createOrder } from '../../src/modules/orders/create-order.server'
import { getOrderDetail } from '../../src/modules/orders/order-queries.server'
import { refundOrder } from '../../src/modules/orders/refund-order.server'
import { failRefund } from '../../src/modules/orders/refunds.server'
import { moveOrder } from '../../src/modules/orders/move-order.server'
import { RefundRefusedError } from '../../src/modules/payments/gateway'
import { applyGatewayEvent, receiveWebhook } from '../../src/modules/payments/webhook.server'
import { webhookSecret } from '../../src/modules/payments/webhook-secret.server'
import { SIGNATURE_HEADER, TIMESTAMP_HEADER, signPayload } from '../../src/modules/payments/webhook-signature.server'
import { Route as refundRoute } from '../../src/routes/api/orders/$id.refund'
import * as t from '../../src/server/db/schema'
import { drainJobs } from '../../src/server/jobs/worker'
import { listOutbox } from '../../src/server/mail/outbox'
import { WEBHOOK_QUEUE, sandboxGateway, type WebhookDelivery } from '../../src/server/payments/sandbox/gateway.server'
import { callRoute, routeHandler } from './doors'
import {
  makeUser,
  orderInput,
  orderStatus,
  pay,
  pgliteForFile,
  pickSku,
  playerFor,
  settle,
  startWebhookEndpoint,
  type SkuPick,
} from './orders-fixtures'
import { ordersConfigForFile } from './test-config'

// These refunds are about the automatic refund itself: no refund choice first (ADR 116).
ordersConfigForFile({ REFUND_CHOICE_MINUTES: '0' })

const db = pgliteForFile()
let hook: Awaited<ReturnType<typeof startWebhookEndpoint>>
let admin: { id: string; email: string }

beforeAll(async () => {
  hook = await startWebhookEndpoint(db())
  const [row] = await db()
    .select({ id: t.users.id, email: t.users.email })
    .from(t.users)
    .where(eq(t.users.role, 'admin'))
  admin = row!
})
afterAll(async () => {
  await hook?.close()
})

const byAdmin = () => ({ actor: admin })

/** The gateway's webhooks for one payment, taken out of the queue (the test delivers them). */
async function takeWebhooks(paymentId: string) {
  const rows = await db()
    .delete(t.jobs)
    .where(and(eq(t.jobs.queue, WEBHOOK_QUEUE), sql`${t.jobs.payload}->'event'->>'reference' = ${paymentId}`))
    .returning()
  const events = new Map(
    rows.map((r) => [(r.payload as WebhookDelivery).event.id, (r.payload as WebhookDelivery).event]),
  )
  return [...events.values()]
}

/** An order paid by card whose capture was applied, its fulfilment not run yet (status paid). */
async function paidOrder(sku: SkuPick, player?: Record<string, string>) {
  const shopper = await makeUser(db())
  const { order } = await createOrder(db(), shopper, orderInput(sku, player ? { player } : {}))
  const { paymentId } = await pay(db(), shopper, order.id, 'card-ok', hook.url)
  for (const event of await takeWebhooks(paymentId!)) await applyGatewayEvent(db(), 'sandbox', event)
  expect(await orderStatus(db(), order.id)).toBe('paid')
  return { orderId: order.id, paymentId: paymentId!, total: order.totalMinor, number: order.number }
}

async function deliveredOrder() {
  const paid = await paidOrder(await pickSku(db(), 'topup'))
  await settle(db())
  expect(await orderStatus(db(), paid.orderId)).toBe('delivered')
  return paid
}

/** Keeps the order's fulfilment job waiting, as a busy worker would, until `release`. */
async function holdFulfilment(orderId: string) {
  const fulfil = and(eq(t.jobs.queue, 'orders.fulfil'), sql`${t.jobs.payload}->>'orderId' = ${orderId}`)
  await db()
    .update(t.jobs)
    .set({ runAt: sql`now() + interval '1 hour'` })
    .where(fulfil)
  return async () => {
    await db()
      .update(t.jobs)
      .set({ runAt: sql`now()` })
      .where(fulfil)
  }
}

async function sandboxTxn(paymentId: string) {
  const [txn] = await db()
    .select()
    .from(t.sandboxTransactions)
    .where(eq(t.sandboxTransactions.merchantReference, paymentId))
  return txn!
}

async function refundMails(number: string) {
  return (await listOutbox(1000)).filter((m) => m.subject.includes(number) && /refunded|erstattet/.test(m.subject))
}

describe('partial refunds', () => {
  it('refunds half, then the rest: two rows, the gateway gives back the capture, the order is refunded, two mails', async () => {
    const { orderId, paymentId, total, number } = await deliveredOrder()
    const half = Math.floor(total / 2)

    const first = await refundOrder(db(), orderId, byAdmin(), { amountMinor: half, reason: 'goodwill' })
    expect(first).toMatchObject({ amountMinor: half, refundableMinor: total - half, status: 'refund_pending' })
    await settle(db())
    let detail = await getOrderDetail(db(), null, orderId)
    expect(detail.status).toBe('delivered') // a partial refund leaves the order as it is
    expect(detail.refunds).toMatchObject([{ amountMinor: half, status: 'succeeded', reason: 'goodwill' }])
    expect(detail.refundableMinor).toBe(total - half)
    expect(detail.payments).toMatchObject([{ status: 'succeeded' }])
    expect(detail.events.filter((e) => e.type === 'partial_refund')).toHaveLength(1)
    expect(await sandboxTxn(paymentId)).toMatchObject({ status: 'captured', refundedMinor: half })
    // The shopper does not see staff's reason.
    const shopperView = await getOrderDetail(db(), await ownerOf(orderId), orderId)
    expect(shopperView.refunds[0]!.reason).toBeNull()

    const rest = await refundOrder(db(), orderId, byAdmin())
    expect(rest).toMatchObject({ amountMinor: total - half, refundableMinor: 0 })
    await settle(db())
    detail = await getOrderDetail(db(), null, orderId)
    expect(detail.status).toBe('refunded')
    expect(detail.refunds.map((r) => [r.amountMinor, r.status])).toEqual([
      [half, 'succeeded'],
      [total - half, 'succeeded'],
    ])
    expect(detail.refundableMinor).toBe(0)
    expect(detail.payments).toMatchObject([{ status: 'refunded' }])
    expect(await sandboxTxn(paymentId)).toMatchObject({ status: 'refunded', refundedMinor: total })
    const gatewayRefunds = await db()
      .select({ amountMinor: t.sandboxRefunds.amountMinor })
      .from(t.sandboxRefunds)
      .where(eq(t.sandboxRefunds.transactionId, (await sandboxTxn(paymentId)).id))
    expect(gatewayRefunds.reduce((n, r) => n + r.amountMinor, 0)).toBe(total)

    const mails = await refundMails(number)
    expect(mails.map((m) => m.subject).sort()).toEqual([
      `Part of your order ${number} has been refunded`,
      `Your order ${number} has been refunded`,
    ])
    const partial = mails.find((m) => m.subject.startsWith('Part'))!
    expect(partial.text).toContain('The rest of your order stands')

    const audit = await listAudit(db(), { targetType: 'order', targetId: orderId, action: 'order.refund' })
    expect(audit.map((a) => a.after).reverse()).toMatchObject([
      { amountMinor: half, refundedMinor: half, reason: 'goodwill' },
      { amountMinor: total - half, refundedMinor: total },
    ])
    await expect(refundOrder(db(), orderId, byAdmin(), { amountMinor: 1 })).rejects.toMatchObject({
      code: 'CONFLICT',
      issues: [{ message: 'not_refundable' }],
    })
  })

  it('mails each refund in the order’s language, with its amount', async () => {
    const sku = await pickSku(db(), 'topup', 'EUR')
    const shopper = await makeUser(db())
    const { order } = await createOrder(db(), shopper, orderInput(sku, { currency: 'EUR', locale: 'de' }))
    const { paymentId } = await pay(db(), shopper, order.id, 'card-ok', hook.url)
    expect(paymentId).toBeTruthy()
    await settle(db())
    expect(await orderStatus(db(), order.id)).toBe('delivered')
    await refundOrder(db(), order.id, byAdmin(), { amountMinor: 50 })
    await settle(db())
    const [mail, ...more] = await refundMails(order.number)
    expect(more).toEqual([])
    expect(mail!.subject).toBe(`Ein Teil deiner Bestellung ${order.number} wurde erstattet`)
    expect(mail!.text).toContain('Der Rest deiner Bestellung bleibt bestehen.')
    expect(mail!.text).toMatch(/Erstattet: 0,50\s€/)
  })

  it('refuses more than is left (409 above_refundable) and amounts that are not whole positive minor units (400)', async () => {
    const { orderId, total } = await deliveredOrder()
    await expect(refundOrder(db(), orderId, byAdmin(), { amountMinor: total + 1 })).rejects.toMatchObject({
      code: 'CONFLICT',
      issues: [{ message: 'above_refundable' }],
    })
    for (const amountMinor of [0, -5, 1.5]) {
      await expect(refundOrder(db(), orderId, byAdmin(), { amountMinor })).rejects.toMatchObject({
        code: 'INVALID_INPUT',
      })
    }
    expect(await db().select().from(t.refunds).where(eq(t.refunds.orderId, orderId))).toEqual([])

    // A request still under way holds its share.
    await refundOrder(db(), orderId, byAdmin(), { amountMinor: total - 1 })
    await expect(refundOrder(db(), orderId, byAdmin(), { amountMinor: 2 })).rejects.toMatchObject({
      issues: [{ message: 'above_refundable' }],
    })
    await refundOrder(db(), orderId, byAdmin(), { amountMinor: 1 })
    await expect(refundOrder(db(), orderId, byAdmin())).rejects.toMatchObject({
      code: 'CONFLICT',
      issues: [{ message: 'refund_pending' }],
    })
    await settle(db())
    expect(await orderStatus(db(), orderId)).toBe('refunded')
  })

  it('holds the support role to its limit per refund, through the REST door', async () => {
    const { orderId, total } = await deliveredOrder()
    const support = await makeUser(db(), 'support')
    await db().update(t.users).set({ role: 'support' }).where(eq(t.users.id, support))
    const post = (body: unknown, as = support) =>
      callRoute(db(), routeHandler(refundRoute, 'POST'), { as, method: 'POST', params: { id: orderId }, body })
    const restore = overrideConfig({ SUPPORT_REFUND_LIMIT_MINOR: String(Math.floor(total / 2)) })
    try {
      expect(await post({})).toMatchObject({
        status: 403,
        body: { error: { code: 'FORBIDDEN', issues: [{ message: 'above_refund_limit' }] } },
      })
      expect(await post({ amountMinor: Math.floor(total / 2) + 1 })).toMatchObject({ status: 403 })
      expect(await post({ amountMinor: 0 })).toMatchObject({ status: 400, body: { error: { code: 'INVALID_INPUT' } } })
      expect(await post({ amountMinor: '5' })).toMatchObject({ status: 400 })
      expect(await post({ amountMinor: Math.floor(total / 2), reason: 'late delivery' })).toMatchObject({
        status: 202,
        body: { orderId, amountMinor: Math.floor(total / 2), refundableMinor: total - Math.floor(total / 2) },
      })
    } finally {
      restore()
    }
    // Refused requests left no row and no audit entry.
    expect(await db().select().from(t.refunds).where(eq(t.refunds.orderId, orderId))).toHaveLength(1)
    expect(await listAudit(db(), { targetId: orderId, action: 'order.refund' })).toHaveLength(1)
    await settle(db())
    expect(await orderStatus(db(), orderId)).toBe('delivered')
  })

  it('refunds a paid order in full before its fulfilment runs: nothing is delivered, no code allocated', async () => {
    const { orderId } = await paidOrder(await pickSku(db(), 'currency'))
    const release = await holdFulfilment(orderId)
    await refundOrder(db(), orderId, byAdmin())
    await drainJobs(db()) // the refund and its webhooks; the fulfilment still waits
    expect(await orderStatus(db(), orderId)).toBe('refunded')

    await release()
    await settle(db())
    expect(await orderStatus(db(), orderId)).toBe('refunded')
    const detail = await getOrderDetail(db(), null, orderId)
    expect(detail.items.every((i) => i.deliveredAt === null && i.codes.length === 0)).toBe(true)
    expect(await db().select().from(t.gameCodes).where(eq(t.gameCodes.orderId, orderId))).toEqual([])
    expect(detail.events.some((e) => e.toStatus === 'fulfilling' || e.toStatus === 'delivered')).toBe(false)
  })

  it('refunds part of a paid order; its failed delivery then refunds the rest automatically', async () => {
    const sku = await pickSku(db(), 'topup')
    const { orderId, paymentId, total, number } = await paidOrder(sku, playerFor(sku, '123450000'))
    const release = await holdFulfilment(orderId)
    const part = Math.max(1, Math.floor(total * 0.3))
    await refundOrder(db(), orderId, byAdmin(), { amountMinor: part })
    await drainJobs(db())
    expect(await orderStatus(db(), orderId)).toBe('paid')

    await release()
    await settle(db()) // delivery fails (player ID ending in 0000): the rest goes back on its own
    const detail = await getOrderDetail(db(), null, orderId)
    expect(detail.status).toBe('refunded')
    expect(detail.events.some((e) => e.toStatus === 'failed')).toBe(true)
    expect(detail.refunds.map((r) => [r.amountMinor, r.status])).toEqual([
      [part, 'succeeded'],
      [total - part, 'succeeded'],
    ])
    const rows = await db().select().from(t.refunds).where(eq(t.refunds.orderId, orderId))
    expect(rows.map((r) => r.requestedBy).sort()).toEqual([admin.id, null].sort())
    expect(await sandboxTxn(paymentId)).toMatchObject({ status: 'refunded', refundedMinor: total })
    const mails = await refundMails(number)
    expect(mails).toHaveLength(2)
    // The last mail explains the failed delivery.
    expect(mails.find((m) => m.subject.startsWith('Your order'))!.text).toContain('could not deliver')
  })

  it('lets staff refund a failed order whose automatic refund the gateway refused', async () => {
    const { orderId, total } = await paidOrder(await pickSku(db(), 'topup'))
    const release = await holdFulfilment(orderId)
    // What the fulfilment job does when the supplier refuses; its automatic refund is queued, not run.
    await moveOrder(db(), { orderId }, 'failed', { data: { reason: 'PLAYER_ACCOUNT_LOCKED' } })
    expect(await orderStatus(db(), orderId)).toBe('failed')
    const [automatic] = await db().select().from(t.refunds).where(eq(t.refunds.orderId, orderId))
    expect(automatic).toMatchObject({ amountMinor: total, status: 'requested', requestedBy: null })
    await expect(refundOrder(db(), orderId, byAdmin())).rejects.toMatchObject({
      issues: [{ message: 'refund_pending' }],
    })
    // The gateway said no for good: the row fails and its amount is refundable again.
    await db()
      .delete(t.jobs)
      .where(and(eq(t.jobs.queue, 'payments.refund'), sql`${t.jobs.payload}->>'refundId' = ${automatic!.id}`))
    await db().transaction((tx) => failRefund(tx, automatic!.id, 'above_captured'))
    expect((await getOrderDetail(db(), null, orderId)).refundableMinor).toBe(total)

    await refundOrder(db(), orderId, byAdmin(), { amountMinor: 1 })
    await refundOrder(db(), orderId, byAdmin())
    await release()
    await settle(db())
    const detail = await getOrderDetail(db(), null, orderId)
    expect(detail.status).toBe('refunded')
    expect(detail.refunds.map((r) => r.status)).toEqual(['failed', 'succeeded', 'succeeded'])
    expect(detail.items.every((i) => i.supplierTxnId === null)).toBe(true)
    expect(detail.events.filter((e) => e.type === 'refund_failed')).toHaveLength(1)
  })

  it('applies a refund webhook delivered five times once', async () => {
    const { orderId, paymentId, total, number } = await deliveredOrder()
    const half = Math.floor(total / 2)
    const { refundId } = await refundOrder(db(), orderId, byAdmin(), { amountMinor: half })
    // The gateway refunds (as if the job died right after asking) and reports it by webhook.
    const txn = await sandboxTxn(paymentId)
    await sandboxGateway(db()).refund({
      ...{ reference: paymentId, captureId: null, currency: 'USD', externalId: txn.id },
      amountMinor: half,
      idempotencyKey: `refund:${refundId}`,
    })
    const [event, ...others] = await takeWebhooks(paymentId)
    expect(others).toEqual([])
    expect(event).toMatchObject({ type: 'payment.refunded', amountMinor: half, refundKey: `refund:${refundId}` })

    const body = JSON.stringify(event)
    const secret = await webhookSecret(db())
    const outcomes: string[] = []
    for (let i = 0; i < 5; i++) {
      const now = Math.floor(Date.now() / 1000)
      const headers = new Headers({
        [TIMESTAMP_HEADER]: String(now),
        [SIGNATURE_HEADER]: signPayload(secret, now, body),
      })
      outcomes.push(await receiveWebhook(db(), 'sandbox', headers, body))
    }
    expect(outcomes).toEqual(['applied', 'duplicate', 'duplicate', 'duplicate', 'duplicate'])
    // The same refund reported again under a new event id changes nothing either.
    expect(await applyGatewayEvent(db(), 'sandbox', { ...event!, id: `${event!.id}-again` })).toBe('unchanged')

    await settle(db()) // the refund job asks the gateway again: the key makes it a no-op
    const detail = await getOrderDetail(db(), null, orderId)
    expect(detail.refunds).toMatchObject([{ id: refundId, amountMinor: half, status: 'succeeded' }])
    expect(detail.events.filter((e) => e.type === 'partial_refund')).toHaveLength(1)
    expect(await sandboxTxn(paymentId)).toMatchObject({ refundedMinor: half, status: 'captured' })
    expect(await refundMails(number)).toHaveLength(1)
  })

  it('has the sandbox gateway refund parts of a capture once per key and never more than captured', async () => {
    const { paymentId, total } = await deliveredOrder()
    const gateway = sandboxGateway(db())
    const externalId = (await sandboxTxn(paymentId)).id
    const ids = { reference: paymentId, captureId: null, currency: 'USD', externalId }
    await gateway.refund({ ...ids, amountMinor: 1, idempotencyKey: 'outside:1' })
    await gateway.refund({ ...ids, amountMinor: 1, idempotencyKey: 'outside:1' })
    expect(await sandboxTxn(paymentId)).toMatchObject({ refundedMinor: 1, status: 'captured' })
    await expect(gateway.refund({ ...ids, amountMinor: 2, idempotencyKey: 'outside:1' })).rejects.toBeInstanceOf(
      RefundRefusedError,
    )
    await expect(gateway.refund({ ...ids, amountMinor: total, idempotencyKey: 'outside:2' })).rejects.toMatchObject({
      code: 'above_captured',
    })
    await gateway.refund({ ...ids, amountMinor: total - 1, idempotencyKey: 'outside:3' })
    expect(await sandboxTxn(paymentId)).toMatchObject({ refundedMinor: total, status: 'refunded' })
    // A refund the shop never asked for is left to a person: the webhook is ignored.
    const events = await takeWebhooks(paymentId)
    expect(events).toHaveLength(2)
    for (const e of events) expect(await applyGatewayEvent(db(), 'sandbox', e)).toBe('ignored')
  })
})

async function ownerOf(orderId: string): Promise<string> {
  const [o] = await db().select({ userId: t.orders.userId }).from(t.orders).where(eq(t.orders.id, orderId))
  return o!.userId
}

/**
 * ADR 073: payment start and a capture take one statement each when nothing stands in the way,
 * and the transaction otherwise. A capture applies once however often, and however concurrently,
 * the gateway delivers it; what the one statement cannot decide (a wrong amount, another
 * shopper's order, a second attempt) is decided as before. PGlite and PostgreSQL.
 */
import { randomBytes } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createOrder } from '../../src/modules/orders/create-order.server'
import { startPayment } from '../../src/modules/payments/start-payment.server'
import { applyGatewayEvent } from '../../src/modules/payments/webhook.server'
import type { GatewayEvent } from '../../src/modules/payments/gateway'
import * as t from '../../src/server/db/schema'
import { makeUser, openTestDb, orderInput, pickSku, testDataDir, type TestDb } from './orders-fixtures'
import { ordersConfigForFile } from './test-config'
import { describeOnEachDriver } from './throwaway-db'

ordersConfigForFile()

const urls = { origin: 'http://shop.test', webhookUrl: 'http://127.0.0.1:9/unused' }

describeOnEachDriver('payment start and capture in one statement', (driver) => {
  let tdb: TestDb
  beforeAll(async () => {
    testDataDir()
    tdb = await openTestDb(driver, 8)
  })
  afterAll(async () => {
    await tdb?.close()
  })

  async function startedOrder() {
    const { db } = tdb
    const userId = await makeUser(db)
    const { order } = await createOrder(db, userId, orderInput(await pickSku(db, 'topup')))
    const started = await startPayment(db, userId, { orderId: order.id, method: 'card' }, urls)
    const [payment] = await db.select().from(t.payments).where(eq(t.payments.id, started.paymentId!))
    return { userId, order, payment: payment! }
  }

  const capture = (payment: typeof t.payments.$inferSelect, over: Partial<GatewayEvent> = {}): GatewayEvent => ({
    id: `evt_${randomBytes(8).toString('hex')}`,
    type: 'payment.captured',
    reference: payment.id,
    externalId: payment.externalId!,
    amountMinor: payment.amountMinor,
    currency: payment.currency,
    createdAt: new Date().toISOString(),
    ...over,
  })

  const eventsOf = async (orderId: string) =>
    (
      await tdb.db
        .select({ type: t.orderEvents.type, to: t.orderEvents.toStatus })
        .from(t.orderEvents)
        .where(eq(t.orderEvents.orderId, orderId))
        .orderBy(t.orderEvents.id)
    ).map((e) => (e.type === 'status' ? `→${e.to}` : e.type))

  it('starts the attempt with the move, and a capture delivered six times pays once', async () => {
    const { db } = tdb
    const { order, payment } = await startedOrder()
    expect(payment).toMatchObject({ status: 'pending', amountMinor: order.totalMinor, method: 'card' })
    expect(await eventsOf(order.id)).toEqual(['→created', 'payment_started', '→awaiting_payment'])

    const event = capture(payment)
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => applyGatewayEvent(db, 'sandbox', event)))
    outcomes.push(await applyGatewayEvent(db, 'sandbox', event))
    expect(outcomes.sort()).toEqual(['applied', 'duplicate', 'duplicate', 'duplicate', 'duplicate', 'duplicate'])

    expect(await eventsOf(order.id)).toEqual([
      '→created',
      'payment_started',
      '→awaiting_payment',
      'payment_succeeded',
      '→paid',
    ])
    const [settled] = await db.select().from(t.payments).where(eq(t.payments.id, payment.id))
    expect(settled).toMatchObject({ status: 'succeeded', externalId: payment.externalId })
    const queued = await db
      .select({ key: t.jobs.dedupeKey, payload: t.jobs.payload })
      .from(t.jobs)
      .where(eq(t.jobs.dedupeKey, `fulfil:${order.id}`))
    expect(queued).toEqual([{ key: `fulfil:${order.id}`, payload: { orderId: order.id } }])
    const [receipt] = await db
      .select()
      .from(t.jobs)
      .where(eq(t.jobs.dedupeKey, `mail:receipt:${order.id}`))
    expect(receipt?.payload).toEqual({ orderId: order.id, kind: 'receipt' })
    const recorded = await db
      .select()
      .from(t.webhookEvents)
      .where(and(eq(t.webhookEvents.gateway, 'sandbox'), eq(t.webhookEvents.eventId, event.id)))
    expect(recorded).toHaveLength(1)
  })

  it('leaves a capture of another amount to the transaction, which ignores it', async () => {
    const { db } = tdb
    const { order, payment } = await startedOrder()
    expect(await applyGatewayEvent(db, 'sandbox', capture(payment, { amountMinor: payment.amountMinor + 1 }))).toBe(
      'ignored',
    )
    const [row] = await db.select({ status: t.orders.status }).from(t.orders).where(eq(t.orders.id, order.id))
    expect(row?.status).toBe('awaiting_payment')
  })

  it('refuses another shopper; a second start goes through the transaction and reuses the open attempt', async () => {
    const { db } = tdb
    const { userId, order, payment } = await startedOrder()
    const stranger = await makeUser(db, 'stranger')
    await expect(startPayment(db, stranger, { orderId: order.id, method: 'card' }, urls)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    })
    const again = await startPayment(db, userId, { orderId: order.id, method: 'card' }, urls)
    expect(again).toEqual({ paymentId: payment.id, redirectUrl: payment.redirectUrl })
    expect(await db.select().from(t.payments).where(eq(t.payments.orderId, order.id))).toHaveLength(1)
    expect((await eventsOf(order.id)).filter((e) => e === 'payment_started')).toHaveLength(1)
    // Another method is another attempt.
    const wallet = await startPayment(db, userId, { orderId: order.id, method: 'wallet' }, urls)
    expect(wallet.paymentId).not.toBe(payment.id)
    expect((await eventsOf(order.id)).filter((e) => e === 'payment_started')).toHaveLength(2)
  })
})

/**
 * Issue 12 §9: a capture that arrives after the order's `expires_at`, before the expiry job has
 * run, is not fulfilled: the order expires, the payment is refunded through the gateway once, and
 * the shopper is told on the order page and by mail. On PGlite, and on PostgreSQL when set.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createOrder } from '../../src/modules/orders/create-order.server'
import { getOrderDetail } from '../../src/modules/orders/order-queries.server'
import * as t from '../../src/server/db/schema'
import {
  PG_URL,
  makeUser,
  openTestDb,
  orderInput,
  pay,
  pickSku,
  settle,
  startWebhookEndpoint,
  testDataDir,
  type TestDb,
} from './orders-fixtures'
import { ordersConfigForFile } from './test-config'

const TEST_DATA_DIR = ordersConfigForFile()

const outbox = () => {
  try {
    const dir = path.join(TEST_DATA_DIR, 'outbox')
    return readdirSync(dir).map((f) => readFileSync(path.join(dir, f), 'utf8'))
  } catch {
    return []
  }
}

const drivers = [{ driver: 'pglite' as const }, ...(PG_URL ? [{ driver: 'postgres' as const }] : [])]

describe.each(drivers)('a capture after expires_at on $driver', ({ driver }) => {
  let tdb: TestDb
  let hook: Awaited<ReturnType<typeof startWebhookEndpoint>>

  beforeAll(async () => {
    testDataDir()
    tdb = await openTestDb(driver)
    hook = await startWebhookEndpoint(tdb.db)
  })
  afterAll(async () => {
    await hook?.close()
    await tdb?.close()
  })

  it('is refunded at the gateway once, not delivered, and the shopper is told', async () => {
    const { db } = tdb
    const user = await makeUser(db)
    const sku = await pickSku(db, 'topup')
    const { order } = await createOrder(db, user, orderInput(sku))
    // The shopper pays on the gateway's page; its capture webhook is only queued so far.
    const { paymentId } = await pay(db, user, order.id, 'card-ok', hook.url)
    // The deadline passes before the webhook arrives, and the expiry job has not run.
    await db
      .update(t.orders)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(t.orders.id, order.id))
    await settle(db) // delivers the webhooks (twice each), runs refunds and mail; never the expiry job
    const [expiry] = await db
      .select({ completedAt: t.jobs.completedAt })
      .from(t.jobs)
      .where(and(eq(t.jobs.queue, 'orders.expire'), sql`${t.jobs.payload}->>'orderId' = ${order.id}`))
    expect(expiry?.completedAt).toBeNull()

    const d = await getOrderDetail(db, user, order.id)
    expect(d.status).toBe('expired')
    expect(d.payments).toMatchObject([{ id: paymentId, status: 'refunded' }])
    expect(d.events.filter((e) => e.type === 'status').map((e) => e.toStatus)).toEqual([
      'created',
      'awaiting_payment',
      'expired',
    ])
    expect(d.events.find((e) => e.type === 'payment_refund_scheduled')?.data).toMatchObject({
      paymentId,
      reason: 'expired',
    })
    // Nothing was handed to fulfilment.
    const fulfil = await db
      .select()
      .from(t.jobs)
      .where(and(eq(t.jobs.queue, 'orders.fulfil'), sql`${t.jobs.payload}->>'orderId' = ${order.id}`))
    expect(fulfil).toEqual([])
    expect(d.items.every((i) => i.supplierTxnId === null)).toBe(true)

    // One refund at the gateway: its transaction is refunded and it reported exactly one refund event.
    const [txn] = await db
      .select()
      .from(t.sandboxTransactions)
      .where(eq(t.sandboxTransactions.merchantReference, paymentId!))
    expect(txn!.status).toBe('refunded')
    const refundEvents = await db
      .selectDistinct({ id: sql<string>`${t.jobs.payload}->'event'->>'id'` })
      .from(t.jobs)
      .where(
        and(
          eq(t.jobs.queue, 'sandbox-gateway.webhook'),
          sql`${t.jobs.payload}->'event'->>'type' = 'payment.refunded'`,
          sql`${t.jobs.payload}->'event'->>'externalId' = ${txn!.id}`,
        ),
      )
    expect(refundEvents).toHaveLength(1)

    // The shopper's mail: one, saying the payment came back.
    const mails = outbox().filter((m) => m.includes(d.number))
    expect(mails.filter((m) => /A payment for your order .* has been refunded/.test(m))).toHaveLength(1)
    expect(mails.filter((m) => /Receipt for your order/.test(m))).toHaveLength(0)
  })
})

/**
 * Races on PostgreSQL (PGlite serialises everything and would prove nothing): coupon limits and
 * idempotency keys under concurrent order creation, and webhooks delivered five times each in a
 * shuffled order, plus forged and stale signatures.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeOnPostgres } from './throwaway-db'
import { AppError } from '../../src/modules/errors/app-error'
import { createOrder } from '../../src/modules/orders/create-order.server'
import type { GatewayEvent } from '../../src/modules/payments/gateway'
import { webhookSecret } from '../../src/modules/payments/webhook-secret.server'
import { SIGNATURE_HEADER, TIMESTAMP_HEADER, signPayload } from '../../src/modules/payments/webhook-signature.server'
import * as t from '../../src/server/db/schema'
import { WEBHOOK_QUEUE, type WebhookDelivery } from '../../src/server/payments/sandbox/gateway.server'
import {
  jobCount,
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

function shuffle<T>(xs: T[]): T[] {
  const a = [...xs]
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1))
    ;[a[i], a[j]] = [a[j]!, a[i]!]
  }
  return a
}

async function inParallel<T>(items: T[], width: number, fn: (x: T) => Promise<unknown>): Promise<void> {
  let next = 0
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await fn(items[next++]!)
    }),
  )
}

describeOnPostgres('orders under concurrency (PostgreSQL)', () => {
  let tdb: TestDb
  let hook: Awaited<ReturnType<typeof startWebhookEndpoint>>

  beforeAll(async () => {
    testDataDir()
    tdb = await openTestDb('postgres', 10)
    hook = await startWebhookEndpoint(tdb.db)
  })
  afterAll(async () => {
    await hook?.close()
    await tdb?.close()
  })

  it('200 concurrent orders with a coupon limited to 10: exactly 10 get it', async () => {
    const { db } = tdb
    const sku = await pickSku(db, 'topup')
    const [coupon] = await db
      .insert(t.coupons)
      .values({ code: 'RACE10', kind: 'percent', percent: 15, usageLimit: 10 })
      .returning()
    const users = await Promise.all(Array.from({ length: 20 }, (_, i) => makeUser(db, `racer${i}`)))
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) => createOrder(db, users[i % 20]!, orderInput(sku, { couponCode: 'RACE10' }))),
    )
    const ok = results.filter((r) => r.status === 'fulfilled')
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected')
    expect(ok).toHaveLength(10)
    expect(refused).toHaveLength(190)
    for (const r of refused) {
      expect(r.reason).toBeInstanceOf(AppError)
      expect((r.reason as AppError).code).toBe('CONFLICT')
    }
    const [after] = await db.select().from(t.coupons).where(eq(t.coupons.id, coupon!.id))
    expect(after!.used).toBe(10)
    const redemptions = await db.select().from(t.couponRedemptions).where(eq(t.couponRedemptions.couponId, coupon!.id))
    expect(redemptions).toHaveLength(10)
    const orders = await db.select().from(t.orders).where(eq(t.orders.couponId, coupon!.id))
    expect(orders).toHaveLength(10)
    expect(orders.every((o) => o.discountMinor === Math.floor((sku.price * 15) / 100))).toBe(true)
  })

  it('50 concurrent submits with one idempotency key make one order (and take one coupon use)', async () => {
    const { db } = tdb
    const user = await makeUser(db)
    const sku = await pickSku(db, 'topup')
    await db.insert(t.coupons).values({ code: 'ONCE', kind: 'percent', percent: 5, usageLimit: 1 })
    const input = orderInput(sku, { couponCode: 'ONCE', idempotencyKey: 'double-click-key-1' })
    const results = await Promise.all(Array.from({ length: 50 }, () => createOrder(db, user, input)))
    expect(new Set(results.map((r) => r.order.id)).size).toBe(1)
    expect(results.filter((r) => !r.replayed)).toHaveLength(1)
    const rows = await db
      .select()
      .from(t.orders)
      .where(and(eq(t.orders.userId, user), eq(t.orders.idempotencyKey, 'double-click-key-1')))
    expect(rows).toHaveLength(1)
    const [once] = await db.select().from(t.coupons).where(eq(t.coupons.code, 'ONCE'))
    expect(once!.used).toBe(1)
  })

  it('each webhook delivered 5 times, shuffled, with late failures: one capture, one fulfilment, one receipt', async () => {
    const { db } = tdb
    const user = await makeUser(db)
    const sku = await pickSku(db, 'topup')
    const orderIds: string[] = []
    for (let i = 0; i < 10; i++) {
      const { order } = await createOrder(db, user, orderInput(sku))
      await pay(db, user, order.id, i % 2 ? 'card-3ds-ok' : 'card-ok', hook.url)
      orderIds.push(order.id)
    }
    // Take the gateway's queued deliveries over: we deliver them ourselves, five times each.
    const queued = await db.delete(t.jobs).where(eq(t.jobs.queue, WEBHOOK_QUEUE)).returning()
    const events = new Map<string, GatewayEvent>()
    for (const j of queued) {
      const e = (j.payload as WebhookDelivery).event
      events.set(e.id, e)
    }
    // A contradicting "failed" for every captured payment, sent by the gateway after the capture.
    for (const e of [...events.values()].filter((x) => x.type === 'payment.captured')) {
      const late = { ...e, id: `${e.id}_late`, type: 'payment.failed' as const, failureCode: 'card_declined' }
      events.set(late.id, late)
    }
    const secret = await webhookSecret(db)
    const deliveries = shuffle([...events.values()].flatMap((e) => Array.from({ length: 5 }, () => e)))
    const statuses: number[] = []
    await inParallel(deliveries, 16, async (event) => {
      const body = JSON.stringify(event)
      const ts = Math.floor(Date.now() / 1000)
      const res = await fetch(hook.url, {
        method: 'POST',
        headers: { [TIMESTAMP_HEADER]: String(ts), [SIGNATURE_HEADER]: signPayload(secret, ts, body) },
        body,
      })
      statuses.push(res.status)
    })
    expect(statuses.every((s) => s === 200)).toBe(true)
    expect(await db.select({ n: sql<number>`count(*)::int` }).from(t.webhookEvents)).toEqual([{ n: events.size }])
    await settle(db)

    for (const id of orderIds) {
      const [order] = await db.select().from(t.orders).where(eq(t.orders.id, id))
      expect(order!.status).toBe('delivered')
      const pays = await db.select().from(t.payments).where(eq(t.payments.orderId, id))
      expect(pays.map((p) => p.status)).toEqual(['succeeded'])
      const paidEvents = await db
        .select()
        .from(t.orderEvents)
        .where(and(eq(t.orderEvents.orderId, id), eq(t.orderEvents.toStatus, 'paid')))
      expect(paidEvents).toHaveLength(1)
      const captures = await db
        .select()
        .from(t.orderEvents)
        .where(and(eq(t.orderEvents.orderId, id), eq(t.orderEvents.type, 'payment_succeeded')))
      expect(captures).toHaveLength(1)
    }
    expect(await jobCount(db, 'orders.fulfil', orderIds)).toBe(10)
    const receipts = await db
      .select()
      .from(t.jobs)
      .where(and(eq(t.jobs.queue, 'mail.order'), sql`${t.jobs.payload}->>'kind' = 'receipt'`))
    expect(receipts.filter((j) => orderIds.includes((j.payload as { orderId: string }).orderId))).toHaveLength(10)
    const mails = readdirSync(path.join(TEST_DATA_DIR, 'outbox')).map((f) =>
      readFileSync(path.join(TEST_DATA_DIR, 'outbox', f), 'utf8'),
    )
    for (const id of orderIds) {
      const [o] = await db.select({ n: t.orders.number }).from(t.orders).where(eq(t.orders.id, id))
      expect(
        mails.filter((m) => m.includes(`Receipt for your order ${o!.n}`)),
        o!.n,
      ).toHaveLength(1)
    }
  })

  it('refuses a forged or stale signature and changes nothing', async () => {
    const { db } = tdb
    const user = await makeUser(db)
    const sku = await pickSku(db, 'topup')
    const { order } = await createOrder(db, user, orderInput(sku))
    await pay(db, user, order.id, 'card-ok', hook.url)
    const [job] = await db.delete(t.jobs).where(eq(t.jobs.queue, WEBHOOK_QUEUE)).returning()
    const event = (job!.payload as WebhookDelivery).event
    const body = JSON.stringify(event)
    const secret = await webhookSecret(db)
    const before = await db.select({ n: sql<number>`count(*)::int` }).from(t.webhookEvents)
    const now = Math.floor(Date.now() / 1000)
    const attempts = [
      { ts: now, sig: signPayload('not-the-secret-at-all', now, body) },
      // Well past the 300 s tolerance either way, so a busy machine's second or two cannot bring them back in.
      { ts: now - 600, sig: signPayload(secret, now - 600, body) },
      { ts: now + 600, sig: signPayload(secret, now + 600, body) },
      { ts: now, sig: signPayload(secret, now, body.replace('"payment.captured"', '"payment.refunded"')) },
      { ts: now, sig: '' },
    ]
    for (const a of attempts) {
      const res = await fetch(hook.url, {
        method: 'POST',
        headers: { [TIMESTAMP_HEADER]: String(a.ts), [SIGNATURE_HEADER]: a.sig },
        body,
      })
      expect(res.status).toBe(401)
    }
    expect(await db.select({ n: sql<number>`count(*)::int` }).from(t.webhookEvents)).toEqual(before)
    const [p] = await db.select().from(t.payments).where(eq(t.payments.orderId, order.id))
    expect(p!.status).toBe('pending')
    const [o] = await db.select().from(t.orders).where(eq(t.orders.id, order.id))
    expect(o!.status).toBe('awaiting_payment')
  })
})

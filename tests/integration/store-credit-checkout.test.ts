/**
 * Store credit at checkout on PostgreSQL (PGlite serialises everything and would prove nothing):
 * holds under the wallet's lock, the credit part released when the card part fails or the order
 * expires, refunds of the credit part booked once however often the gateway repeats itself. The
 * store-credit ledger reconciles after every test.
 */
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import { AppError } from '../../src/modules/errors/app-error'
import { createOrder } from '../../src/modules/orders/create-order.server'
import { refundOrder } from '../../src/modules/orders/refund-order.server'
import { settleRefund } from '../../src/modules/orders/refunds.server'
import { startPayment } from '../../src/modules/payments/start-payment.server'
import type { GatewayEvent } from '../../src/modules/payments/gateway'
import { webhookSecret } from '../../src/modules/payments/webhook-secret.server'
import { SIGNATURE_HEADER, TIMESTAMP_HEADER, signPayload } from '../../src/modules/payments/webhook-signature.server'
import { selectRows } from '../../src/server/db/client'
import * as t from '../../src/server/db/schema'
import { balance, expectCreditReconciles, giveCredit } from './credit-fixtures'
import { describeOnPostgres } from './throwaway-db'
import {
  makeUser,
  openTestDb,
  orderInput,
  orderStatus,
  pay,
  pickSku,
  settle,
  startWebhookEndpoint,
  testDataDir,
  type TestDb,
} from './orders-fixtures'
import { ordersConfigForFile } from './test-config'

ordersConfigForFile()

const urls = { origin: 'http://shop.test' }

describeOnPostgres('store credit at checkout (PostgreSQL)', () => {
  let tdb: TestDb
  let hook: Awaited<ReturnType<typeof startWebhookEndpoint>>

  beforeAll(async () => {
    testDataDir()
    tdb = await openTestDb('postgres', 16)
    hook = await startWebhookEndpoint(tdb.db)
  })
  afterEach(async () => {
    await expectCreditReconciles(tdb.db)
  })
  afterAll(async () => {
    await hook?.close()
    await tdb?.close()
  })

  const admin = async () => {
    const [row] = await tdb.db
      .select({ id: t.users.id, email: t.users.email })
      .from(t.users)
      .where(eq(t.users.role, 'admin'))
    return row!
  }

  it('100 concurrent checkouts paid in full with credit from one balance: exactly the affordable 10 succeed', async () => {
    const { db } = tdb
    const shopper = await makeUser(db)
    const sku = await pickSku(db, 'topup')
    const price = sku.price
    await giveCredit(db, shopper, 'USD', price * 10)

    const results = await Promise.allSettled(
      Array.from({ length: 100 }, async () => {
        const { order } = await createOrder(db, shopper, orderInput(sku, { creditMinor: price }))
        return startPayment(db, shopper, { orderId: order.id, method: 'card' }, { ...urls, webhookUrl: hook.url })
      }),
    )
    const paid = results.filter((r) => r.status === 'fulfilled')
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected')
    expect(paid).toHaveLength(10)
    expect(refused).toHaveLength(90)
    for (const r of refused) {
      expect(r.reason).toBeInstanceOf(AppError)
      expect(r.reason).toMatchObject({ code: 'CONFLICT', issues: [{ path: 'creditMinor' }] })
      expect(r.reason.issues[0].message).toMatch(/^credit_insufficient:\d+$/)
    }
    expect(await balance(db, shopper)).toBe(0)
    const holds = await db.select().from(t.creditHolds).where(eq(t.creditHolds.userId, shopper))
    expect(holds.filter((h) => h.status === 'captured')).toHaveLength(10)
    expect(holds.filter((h) => h.status === 'held')).toHaveLength(0)
    const paidOrders = await db
      .select({ id: t.orders.id })
      .from(t.orders)
      .where(and(eq(t.orders.userId, shopper), eq(t.orders.status, 'paid')))
    expect(paidOrders).toHaveLength(10)
    // Never below zero at any point: the running balance over the ledger, in booking order.
    const [{ lowest }] = await selectRows<{ lowest: number }>(
      db,
      sql`select coalesce(min(running), 0)::int as lowest from (
        select sum(amount_minor) over (order by id) as running from credit_entries
        where user_id = ${shopper} and account = 'credit_available') r`,
    )
    expect(lowest).toBeGreaterThanOrEqual(0)
  })

  it('a declined card part releases the credit part; a new attempt holds it again and pays the order', async () => {
    const { db } = tdb
    const shopper = await makeUser(db)
    const sku = await pickSku(db, 'topup')
    const credit = Math.floor(sku.price / 3)
    await giveCredit(db, shopper, 'USD', credit)
    const { order } = await createOrder(db, shopper, orderInput(sku, { creditMinor: credit }))

    await pay(db, shopper, order.id, 'card-declined', hook.url)
    await settle(db)
    expect(await orderStatus(db, order.id)).toBe('awaiting_payment')
    expect(await balance(db, shopper)).toBe(credit)
    const [declined] = await db.select().from(t.payments).where(eq(t.payments.orderId, order.id))
    expect(declined).toMatchObject({ status: 'failed', amountMinor: sku.price - credit })

    await pay(db, shopper, order.id, 'card-ok', hook.url)
    await settle(db)
    expect(await orderStatus(db, order.id)).toBe('delivered')
    expect(await balance(db, shopper)).toBe(0)
    const holds = await db.select().from(t.creditHolds).where(eq(t.creditHolds.orderId, order.id))
    expect(holds.map((h) => h.status).sort()).toEqual(['captured', 'released'])
  })

  it('an order left unpaid gives its held credit back when it expires', async () => {
    const { db } = tdb
    const shopper = await makeUser(db)
    const sku = await pickSku(db, 'topup')
    const credit = Math.floor(sku.price / 2)
    await giveCredit(db, shopper, 'USD', credit)
    const { order } = await createOrder(db, shopper, orderInput(sku, { creditMinor: credit }))
    // The shopper opens the card page and walks away: the credit is held meanwhile.
    await startPayment(db, shopper, { orderId: order.id, method: 'card' }, { ...urls, webhookUrl: hook.url })
    expect(await balance(db, shopper)).toBe(0)
    await db
      .update(t.orders)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(t.orders.id, order.id))
    // This order's expiry job only: other tests' unpaid orders are not due yet.
    await db
      .update(t.jobs)
      .set({ runAt: sql`now()` })
      .where(and(eq(t.jobs.queue, 'orders.expire'), sql`${t.jobs.payload}->>'orderId' = ${order.id}`))
    await settle(db)
    expect(await orderStatus(db, order.id)).toBe('expired')
    expect(await balance(db, shopper)).toBe(credit)
  })

  it("a refund's webhook delivered five times books the credit part back once", async () => {
    const { db } = tdb
    const shopper = await makeUser(db)
    const sku = await pickSku(db, 'topup')
    const credit = Math.floor(sku.price * 0.4)
    await giveCredit(db, shopper, 'USD', credit)
    const { order } = await createOrder(db, shopper, orderInput(sku, { creditMinor: credit }))
    await pay(db, shopper, order.id, 'card-ok', hook.url)
    await settle(db)
    expect(await orderStatus(db, order.id)).toBe('delivered')

    const refund = await refundOrder(db, order.id, { actor: await admin() })
    expect(refund.refundIds).toHaveLength(2) // the card part through the gateway, the credit part as credit
    expect(await balance(db, shopper)).toBe(credit) // the credit part is back at once
    await settle(db) // the refund job asks the gateway; its webhook settles the card part
    expect(await orderStatus(db, order.id)).toBe('refunded')

    // The gateway repeats itself: the same event four more times, and once more under a new id.
    const [delivered] = await db
      .select({ payload: t.webhookEvents.payload })
      .from(t.webhookEvents)
      .where(
        sql`${t.webhookEvents.payload}->>'type' = 'payment.refunded' and ${t.webhookEvents.payload}->>'reference' = ${refund.paymentId}`,
      )
    const event = delivered!.payload as GatewayEvent
    const secret = await webhookSecret(db)
    const repeats = [...Array.from({ length: 4 }, () => event), { ...event, id: `${event.id}_again` }]
    const outcomes = await Promise.all(
      repeats.map(async (e) => {
        const body = JSON.stringify(e)
        const ts = Math.floor(Date.now() / 1000)
        const res = await fetch(hook.url, {
          method: 'POST',
          headers: { [TIMESTAMP_HEADER]: String(ts), [SIGNATURE_HEADER]: signPayload(secret, ts, body) },
          body,
        })
        return ((await res.json()) as { outcome: string }).outcome
      }),
    )
    expect(outcomes.sort()).toEqual(['duplicate', 'duplicate', 'duplicate', 'duplicate', 'unchanged'])
    await settle(db)
    const booked = await db
      .select()
      .from(t.creditEntries)
      .where(and(eq(t.creditEntries.orderId, order.id), eq(t.creditEntries.kind, 'refund')))
    expect(booked).toHaveLength(2) // one balanced transaction: two postings
    expect(await balance(db, shopper)).toBe(credit)
    const toRefunded = await db
      .select()
      .from(t.orderEvents)
      .where(and(eq(t.orderEvents.orderId, order.id), eq(t.orderEvents.toStatus, 'refunded')))
    expect(toRefunded).toHaveLength(1)
  })

  it('a refund to store credit settled five times at once is booked once', async () => {
    const { db } = tdb
    const shopper = await makeUser(db)
    const sku = await pickSku(db, 'topup')
    const { order } = await createOrder(db, shopper, orderInput(sku))
    await pay(db, shopper, order.id, 'card-ok', hook.url)
    await settle(db)
    const half = Math.floor(sku.price / 2)
    const refund = await refundOrder(
      db,
      order.id,
      { actor: await admin() },
      { amountMinor: half, destination: 'credit' },
    )
    expect(refund).toMatchObject({ status: 'credited', destination: 'credit', amountMinor: half })
    const again = await Promise.all(
      Array.from({ length: 5 }, () => db.transaction((tx) => settleRefund(tx, refund.refundId))),
    )
    expect(again).toEqual(Array(5).fill('unchanged'))
    expect(await balance(db, shopper)).toBe(half)
    expect(await orderStatus(db, order.id)).toBe('delivered')
    // No gateway call for it: the card payment is untouched at the gateway.
    expect(await db.select().from(t.sandboxRefunds)).not.toContainEqual(
      expect.objectContaining({ idempotencyKey: `refund:${refund.refundId}` }),
    )
  })
})

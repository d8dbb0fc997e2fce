/**
 * Commission into store credit (ADR 059), on PGlite and, with TEST_DATABASE_URL, on PostgreSQL:
 * available commission moved at will (never above the balance); a delivered order's pending
 * commission moved once; that order's refund taking it back from credit even when spent, leaving
 * the balance negative so the next checkout cannot spend credit; new commission repaying the debt
 * first. Orders go through the real checkout, gateway, fulfilment, refund and affiliate jobs.
 * Both ledgers reconcile after every test.
 */
import { randomInt } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import {
  movablePending,
  moveAvailableToCredit,
  movePendingDeliveredToCredit,
  movePendingToCredit,
} from '../../src/modules/affiliate/credit-transfer.server'
import { onOrderPaid, releaseDueCommissions } from '../../src/modules/affiliate/commission.server'
import { balanceOf } from '../../src/modules/affiliate/ledger.server'
import { reconcileLedger } from '../../src/modules/affiliate/reconcile.server'
import { createOrder } from '../../src/modules/orders/create-order.server'
import { refundOrder } from '../../src/modules/orders/refund-order.server'
import { lockOrder } from '../../src/modules/orders/order-lock.server'
import { holdCredit } from '../../src/modules/store-credit/holds.server'
import { availableCredit } from '../../src/modules/store-credit/ledger.server'
import { reconcileCredit } from '../../src/modules/store-credit/reconcile.server'
import type { Db } from '../../src/server/db/client'
import * as t from '../../src/server/db/schema'
import { makeOrder, makePromoter, makeUser, referredShopper, testClock } from './affiliate-fixtures'
import {
  createPaidOrder,
  openTestDb,
  orderInput,
  orderStatus,
  pay,
  pickSku,
  playerFor,
  settle,
  startWebhookEndpoint,
  testDataDir,
  type SkuPick,
  type TestDb,
} from './orders-fixtures'
import { describeOnEachDriver } from './throwaway-db'
import { refusal } from './refusal'
import { ordersConfigForFile } from './test-config'

ordersConfigForFile()

const clock = testClock(new Date())
afterAll(() => clock.restore())

/**
 * A player ID of its own per order: a shared one would flag later orders as self-referral. It ends
 * in 7 so that no draw ends like the sandbox's refused players (…4040, …4041, …0000): ending in 1,
 * one draw in a thousand ended in 4041 and the order waited for player details instead.
 */
const playerId = () => `1${String(randomInt(100_000_000)).padStart(8, '0')}7`

describeOnEachDriver('commission into store credit', (driver) => {
  let tdb: TestDb
  let db: Db
  let hook: Awaited<ReturnType<typeof startWebhookEndpoint>>
  let sku: SkuPick
  let admin: { id: string; email: string }

  beforeAll(async () => {
    testDataDir()
    tdb = await openTestDb(driver)
    db = tdb.db
    hook = await startWebhookEndpoint(db)
    sku = await pickSku(db, 'topup')
    const [row] = await db
      .select({ id: t.users.id, email: t.users.email })
      .from(t.users)
      .where(eq(t.users.role, 'admin'))
    admin = row!
  }, 120_000)
  afterAll(async () => {
    await hook?.close()
    await tdb?.close()
  })
  afterEach(async () => {
    const ledger = await reconcileLedger(db)
    expect(ledger.problems).toEqual([])
    expect(ledger.ok).toBe(true)
    const credit = await reconcileCredit(db)
    expect(credit.problems).toEqual([])
    expect(credit.ok).toBe(true)
  })

  /** A referred shopper's order paid by card and delivered; the affiliate jobs ran (pending commission). */
  async function referredDeliveredOrder(promoteCode: string) {
    const shopper = await referredShopper(db, promoteCode)
    const orderId = await createPaidOrder(
      db,
      shopper,
      orderInput(sku, { player: playerFor(sku, playerId()) }),
      hook.url,
    )
    await settle(db)
    expect(await orderStatus(db, orderId)).toBe('delivered')
    const a = await attribution(orderId)
    expect(a).toMatchObject({ status: 'pending' })
    expect(a.deliveredAt).not.toBeNull()
    expect(a.commissionMinor).toBeGreaterThan(1)
    return { orderId, commission: a.commissionMinor }
  }

  async function attribution(orderId: string) {
    const [row] = await db.select().from(t.attributions).where(eq(t.attributions.orderId, orderId))
    return row!
  }

  /** The promoter_store_credit account of the commission ledger. */
  async function ledgerCredit(promoterId: string): Promise<number> {
    const [row] = await db
      .select({ total: sql<string>`coalesce(sum(${t.ledgerEntries.amountMinor}), 0)::bigint` })
      .from(t.ledgerEntries)
      .where(and(eq(t.ledgerEntries.promoterId, promoterId), eq(t.ledgerEntries.account, 'promoter_store_credit')))
    return Number(row?.total ?? 0)
  }

  async function transfersOf(promoterId: string) {
    return db
      .select()
      .from(t.commissionTransfers)
      .where(eq(t.commissionTransfers.promoterId, promoterId))
      .orderBy(t.commissionTransfers.createdAt)
  }

  /** The promoter's own order paying `creditMinor` with store credit (held, as checkout does) and the rest by card. */
  async function spendCredit(userId: string, creditMinor: number) {
    const { order } = await createOrder(
      db,
      userId,
      orderInput(sku, { player: playerFor(sku, playerId()), creditMinor }),
    )
    await db.transaction(async (tx) => {
      await lockOrder(tx, order.id)
      await holdCredit(tx, { orderId: order.id, userId, currency: 'USD', amountMinor: creditMinor })
    })
    await pay(db, userId, order.id, 'card-ok', hook.url)
    await settle(db)
    expect(await orderStatus(db, order.id)).toBe('delivered')
    const [hold] = await db.select().from(t.creditHolds).where(eq(t.creditHolds.orderId, order.id))
    expect(hold).toMatchObject({ status: 'captured', amountMinor: creditMinor })
    return order.id
  }

  it('moves available commission into credit on both ledgers; never above the balance, never a bad amount', async () => {
    const promoter = await makePromoter(db)
    const { commission } = await referredDeliveredOrder(promoter.promoteCode)
    clock.advanceDays(15)
    await releaseDueCommissions(db)
    expect(await balanceOf(db, promoter.userId, 'USD')).toMatchObject({ pending: 0, available: commission })

    const part = Math.floor(commission / 2)
    const moved = await moveAvailableToCredit(db, promoter.userId, part)
    expect(moved).toMatchObject({ amountMinor: part, currency: 'USD', source: 'available', orderId: null })
    expect(await balanceOf(db, promoter.userId, 'USD')).toMatchObject({ available: commission - part })
    expect(await ledgerCredit(promoter.userId)).toBe(part)
    expect(await availableCredit(db, promoter.userId, 'USD')).toBe(part)

    const rest = commission - part
    expect(await refusal(moveAvailableToCredit(db, promoter.userId, rest + 1))).toEqual({
      code: 'CONFLICT',
      issues: ['above_available'],
    })
    for (const bad of [0, -1, 1.5, Number.NaN]) {
      expect(await refusal(moveAvailableToCredit(db, promoter.userId, bad))).toEqual({
        code: 'INVALID_INPUT',
        issues: ['invalid_amount'],
      })
    }
    await moveAvailableToCredit(db, promoter.userId, rest)
    expect(await balanceOf(db, promoter.userId, 'USD')).toMatchObject({ available: 0 })
    expect(await availableCredit(db, promoter.userId, 'USD')).toBe(commission)
    expect(await refusal(moveAvailableToCredit(db, promoter.userId, 1))).toMatchObject({ code: 'CONFLICT' })
    expect(await transfersOf(promoter.userId)).toHaveLength(2)
  })

  it('ACCEPTANCE: pending commission moved, spent, its order refunded → credit negative, the next checkout cannot spend credit; new commission repays the debt first', async () => {
    const promoter = await makePromoter(db)
    const first = await referredDeliveredOrder(promoter.promoteCode)
    expect(await movablePending(db, promoter.userId)).toEqual([
      expect.objectContaining({ orderId: first.orderId, commissionMinor: first.commission, currency: 'USD' }),
    ])

    const moved = await movePendingToCredit(db, promoter.userId, first.orderId)
    expect(moved).toMatchObject({ amountMinor: first.commission, source: 'pending', orderId: first.orderId })
    expect(await attribution(first.orderId)).toMatchObject({ status: 'credited' })
    expect(await balanceOf(db, promoter.userId, 'USD')).toMatchObject({ pending: 0, available: 0 })
    expect(await availableCredit(db, promoter.userId, 'USD')).toBe(first.commission)
    expect(await movablePending(db, promoter.userId)).toEqual([])

    // The promoter spends most of it on an order of their own.
    const spent = first.commission - 1
    await spendCredit(promoter.userId, spent)
    expect(await availableCredit(db, promoter.userId, 'USD')).toBe(1)

    // The referred order is refunded by staff: the refund job takes the commission back from credit.
    await refundOrder(db, first.orderId, { actor: admin })
    await settle(db)
    expect(await orderStatus(db, first.orderId)).toBe('refunded')
    expect(await attribution(first.orderId)).toMatchObject({ status: 'reversed' })
    const [transfer] = await transfersOf(promoter.userId)
    expect(transfer!.reversedAt).not.toBeNull()
    expect(await ledgerCredit(promoter.userId)).toBe(0)
    expect(await availableCredit(db, promoter.userId, 'USD')).toBe(-spent)

    // Nothing is spendable while the balance is negative: neither the order nor the hold.
    const refused = await refusal(
      createOrder(db, promoter.userId, orderInput(sku, { player: playerFor(sku, playerId()), creditMinor: 1 })),
    )
    expect(refused).toEqual({ code: 'CONFLICT', issues: ['credit_insufficient:0'] })
    const { order } = await createOrder(db, promoter.userId, orderInput(sku, { player: playerFor(sku, playerId()) }))
    const held = await refusal(
      db.transaction(async (tx) => {
        await lockOrder(tx, order.id)
        return holdCredit(tx, { orderId: order.id, userId: promoter.userId, currency: 'USD', amountMinor: 1 })
      }),
    )
    expect(held).toEqual({ code: 'CONFLICT', issues: ['credit_insufficient:0'] })

    // New commission released later repays the debt before it is available.
    const second = await referredDeliveredOrder(promoter.promoteCode)
    clock.advanceDays(15)
    expect(await releaseDueCommissions(db)).toBeGreaterThanOrEqual(1)
    const repaid = Math.min(second.commission, spent)
    expect(await availableCredit(db, promoter.userId, 'USD')).toBe(-spent + repaid)
    expect(await balanceOf(db, promoter.userId, 'USD')).toMatchObject({
      pending: 0,
      available: second.commission - repaid,
    })
    expect((await transfersOf(promoter.userId)).map((r) => [r.source, r.amountMinor])).toEqual([
      ['pending', first.commission],
      ['available', repaid],
    ])
    // A second sweep releases nothing and repays nothing twice.
    await releaseDueCommissions(db)
    expect(await transfersOf(promoter.userId)).toHaveLength(2)
    expect(await availableCredit(db, promoter.userId, 'USD')).toBe(-spent + repaid)
  })

  it('repays a debt larger than one release over several releases, and nothing once it is repaid', async () => {
    const promoter = await makePromoter(db)
    const first = await referredDeliveredOrder(promoter.promoteCode)
    const second = await referredDeliveredOrder(promoter.promoteCode)
    await movePendingDeliveredToCredit(db, promoter.userId)
    const total = first.commission + second.commission
    expect(await availableCredit(db, promoter.userId, 'USD')).toBe(total)
    await spendCredit(promoter.userId, total)
    await refundOrder(db, first.orderId, { actor: admin })
    await refundOrder(db, second.orderId, { actor: admin })
    await settle(db)
    expect(await availableCredit(db, promoter.userId, 'USD')).toBe(-total)

    let debt = total
    for (let round = 0; debt > 0; round++) {
      expect(round).toBeLessThan(5)
      const next = await referredDeliveredOrder(promoter.promoteCode)
      clock.advanceDays(15)
      await releaseDueCommissions(db)
      const repaid = Math.min(next.commission, debt)
      debt -= repaid
      expect(await availableCredit(db, promoter.userId, 'USD')).toBe(0 - debt) // not -0
      expect(await balanceOf(db, promoter.userId, 'USD')).toMatchObject({ available: next.commission - repaid })
      // What was left over after the repayment stays available: take it out of the way.
      if (next.commission > repaid) await moveAvailableToCredit(db, promoter.userId, next.commission - repaid)
    }
    const transfers = await transfersOf(promoter.userId)
    const later = await referredDeliveredOrder(promoter.promoteCode)
    clock.advanceDays(15)
    await releaseDueCommissions(db)
    expect(await transfersOf(promoter.userId)).toHaveLength(transfers.length)
    expect(await balanceOf(db, promoter.userId, 'USD')).toMatchObject({ available: later.commission })
  })

  it('moves one order’s pending commission once, however often (and at once) it is asked', async () => {
    const promoter = await makePromoter(db)
    const { orderId, commission } = await referredDeliveredOrder(promoter.promoteCode)
    const results = await Promise.allSettled([
      movePendingToCredit(db, promoter.userId, orderId),
      movePendingToCredit(db, promoter.userId, orderId),
    ])
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    const rejected = results.find((r): r is PromiseRejectedResult => r.status === 'rejected')
    expect(rejected?.reason).toMatchObject({ code: 'CONFLICT', issues: [{ message: 'not_movable' }] })
    expect(await refusal(movePendingToCredit(db, promoter.userId, orderId))).toEqual({
      code: 'CONFLICT',
      issues: ['not_movable'],
    })
    expect(await movePendingDeliveredToCredit(db, promoter.userId)).toEqual([])
    expect(await transfersOf(promoter.userId)).toHaveLength(1)
    expect(await availableCredit(db, promoter.userId, 'USD')).toBe(commission)
    expect(await ledgerCredit(promoter.userId)).toBe(commission)
  })

  it('refuses an order not delivered, another promoter’s order, and a non-promoter', async () => {
    const promoter = await makePromoter(db)
    const other = await makePromoter(db)
    const theirs = await referredDeliveredOrder(other.promoteCode)
    expect(await refusal(movePendingToCredit(db, promoter.userId, theirs.orderId))).toEqual({
      code: 'CONFLICT',
      issues: ['not_movable'],
    })
    // Paid, commission pending, not delivered yet.
    const shopper = await referredShopper(db, promoter.promoteCode)
    const paidOnly = await makeOrder(db, { userId: shopper, subtotal: 10_000 })
    expect(await onOrderPaid(db, paidOnly)).toBe('pending')
    expect(await movablePending(db, promoter.userId)).toEqual([])
    expect(await refusal(movePendingToCredit(db, promoter.userId, paidOnly))).toEqual({
      code: 'CONFLICT',
      issues: ['not_movable'],
    })
    expect(await transfersOf(promoter.userId)).toEqual([])
    const shopperOnly = await makeUser(db)
    expect(await refusal(moveAvailableToCredit(db, shopperOnly, 1))).toMatchObject({ code: 'FORBIDDEN' })
    expect(await refusal(movePendingToCredit(db, shopperOnly, theirs.orderId))).toMatchObject({ code: 'CONFLICT' })
  })
})

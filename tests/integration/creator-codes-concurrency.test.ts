/**
 * Issue 35: 100 concurrent checkouts with one creator code stay exact (PostgreSQL; PGlite
 * serialises everything and would prove nothing). Every order carries the code once with its
 * capped discount, the commission jobs (each run twice at once) book each order once to the code's
 * promoter and never to the shoppers' referrer, and the dashboard's figures add up. A second race
 * disables the code while checkouts run: each order either has the code and its discount, or was
 * refused with nothing written.
 */
import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { onOrderPaid } from '../../src/modules/affiliate/commission.server'
import { balanceOf } from '../../src/modules/affiliate/ledger.server'
import { reconcileLedger } from '../../src/modules/affiliate/reconcile.server'
import { changeCreatorCode } from '../../src/modules/creator-codes/creator-code-edit.server'
import { choosePromoterCode, supportCreator } from '../../src/modules/creator-codes/creator-codes.server'
import { myCreatorCode } from '../../src/modules/creator-codes/creator-stats.server'
import { AppError } from '../../src/modules/errors/app-error'
import { createOrder } from '../../src/modules/orders/create-order.server'
import * as t from '../../src/server/db/schema'
import { makePromoter, referredShopper } from './affiliate-fixtures'
import { openTestDb, orderInput, pickSku, type SkuPick, type TestDb } from './orders-fixtures'
import { ordersConfigForFile } from './test-config'
import { describeOnPostgres } from './throwaway-db'

ordersConfigForFile()

describeOnPostgres('creator codes under concurrency (PostgreSQL)', () => {
  let tdb: TestDb
  let sku: SkuPick
  let admin: { id: string; email: string }
  beforeAll(async () => {
    tdb = await openTestDb('postgres', 10)
    sku = await pickSku(tdb.db, 'topup')
    const [row] = await tdb.db.insert(t.users).values({ email: 'race-admin@example.test', role: 'admin' }).returning()
    admin = { id: row!.id, email: row!.email }
  }, 120_000)
  afterAll(async () => {
    await tdb?.close()
  })

  async function creatorWithDiscount(name: string, capMinor: number) {
    const { db } = tdb
    const promoter = await makePromoter(db)
    const code = await choosePromoterCode(db, promoter.userId, name)
    await changeCreatorCode(db, admin, code.id, {
      action: 'discount',
      discountBps: 1000,
      discountCaps: { USD: capMinor },
      stacksWithCoupons: false,
    })
    return { promoter, code }
  }

  /** Shoppers who signed up through another promoter's link, each supporting `code`. */
  async function shoppers(n: number, code: string) {
    const { db } = tdb
    const referrer = await makePromoter(db)
    const ids: string[] = []
    for (let i = 0; i < n; i++) {
      const id = await referredShopper(db, referrer.promoteCode)
      await supportCreator(db, id, code, 'entered', new Date())
      ids.push(id)
    }
    return { referrer, ids }
  }

  it('100 concurrent checkouts with one code: 100 orders, each discount capped, each commission booked once to the code', async () => {
    const { db } = tdb
    const cap = Math.floor(sku.price / 10) - 1
    const { promoter, code } = await creatorWithDiscount('RaceCrew', cap)
    const { referrer, ids } = await shoppers(100, code.code)

    const results = await Promise.allSettled(ids.map((id) => createOrder(db, id, orderInput(sku))))
    const made = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value.order] : []))
    expect(results.filter((r) => r.status === 'rejected')).toEqual([])
    expect(made).toHaveLength(100)
    for (const order of made) {
      expect(order.creator).toEqual({ code: 'RaceCrew', discountMinor: cap })
      expect(order.totalMinor).toBe(sku.price - cap)
    }
    const orderIds = made.map((o) => o.id)
    const rows = await db.select().from(t.orderCreatorCodes).where(inArray(t.orderCreatorCodes.orderId, orderIds))
    expect(rows).toHaveLength(100)
    expect(rows.every((r) => r.promoterId === promoter.userId && r.discountMinor === cap)).toBe(true)

    // Paid, and every commission job delivered twice, all at once.
    await db.update(t.orders).set({ status: 'paid' }).where(inArray(t.orders.id, orderIds))
    const outcomes = await Promise.all(orderIds.flatMap((id) => [onOrderPaid(db, id), onOrderPaid(db, id)]))
    expect(outcomes.filter((o) => o === 'pending')).toHaveLength(100)
    expect(outcomes.filter((o) => o === 'already_booked')).toHaveLength(100)

    const attributions = await db.select().from(t.attributions).where(inArray(t.attributions.orderId, orderIds))
    expect(attributions).toHaveLength(100)
    expect(attributions.every((a) => a.promoterId === promoter.userId && a.source === 'code')).toBe(true)
    const each = Math.floor(((sku.price - cap) * 500) / 10_000)
    expect(await balanceOf(db, promoter.userId, 'USD')).toMatchObject({ pending: 100 * each })
    expect(await balanceOf(db, referrer.userId, 'USD')).toMatchObject({ pending: 0 })
    expect(await myCreatorCode(db, { userId: promoter.userId, currency: 'USD' }, new Date())).toMatchObject({
      byCode: { orders: 100, revenueMinor: 100 * (sku.price - cap), commissionMinor: 100 * each },
      byLink: { orders: 0 },
      supporters: 100,
    })
    expect((await reconcileLedger(db)).problems).toEqual([])
  }, 120_000)

  it('a code disabled during 100 checkouts: each order has the code and its discount, or was refused with nothing written', async () => {
    const { db } = tdb
    const { code } = await creatorWithDiscount('RaceOff', 1_000_000)
    const { ids } = await shoppers(100, code.code)
    const discount = Math.floor(sku.price / 10)
    const [results] = await Promise.all([
      Promise.allSettled(ids.map((id) => createOrder(db, id, orderInput(sku)))),
      (async () => {
        await new Promise((resolve) => setImmediate(resolve))
        await changeCreatorCode(db, admin, code.id, { action: 'disable' })
      })(),
    ])
    const made = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value.order] : []))
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []))
    expect(made.length + refused.length).toBe(100)
    for (const error of refused) {
      expect(error).toBeInstanceOf(AppError)
      expect((error as AppError).code).toBe('CONFLICT')
    }
    const orders = await db.select().from(t.orders).where(inArray(t.orders.userId, ids))
    expect(orders).toHaveLength(made.length)
    const withCode = await db.select().from(t.orderCreatorCodes).where(eq(t.orderCreatorCodes.codeId, code.id))
    const codeOrders = new Set(withCode.map((r) => r.orderId))
    for (const order of orders) {
      // Either priced and recorded with the creator's discount, or placed after the disable without it.
      if (codeOrders.has(order.id)) expect(order.discountMinor).toBe(discount)
      else expect(order.discountMinor).toBe(0)
    }
  }, 120_000)
})

/**
 * Races on real PostgreSQL (PGlite serialises everything and would prove nothing): concurrent
 * withdrawals never overdraw, and concurrent order jobs book commission once.
 */
import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import { describeOnPostgres } from './throwaway-db'
import {
  onOrderDelivered,
  onOrderPaid,
  onOrderRefunded,
  releaseDueCommissions,
} from '../../src/modules/affiliate/commission.server'
import { balanceOf } from '../../src/modules/affiliate/ledger.server'
import { reconcileLedger } from '../../src/modules/affiliate/reconcile.server'
import { requestWithdrawal } from '../../src/modules/affiliate/withdrawals.server'
import { AppError } from '../../src/modules/errors/app-error'
import type { Db } from '../../src/server/db/client'
import * as t from '../../src/server/db/schema'
import {
  makeOrder,
  makePromoter,
  openTestDb,
  referredShopper,
  setOrderStatus,
  testClock,
  type TestDb,
} from './affiliate-fixtures'
import { configForFile } from './test-config'

// Withdrawals of 10.00 need a minimum below the default 20.00.
configForFile({ AFFILIATE_MIN_WITHDRAWAL_MINOR: '1000' })

describeOnPostgres('affiliate races on PostgreSQL', () => {
  let env: TestDb
  let db: Db
  const clock = testClock()

  beforeAll(async () => {
    env = await openTestDb({ driver: 'postgres', poolSize: 10 })
    db = env.db
  })
  afterAll(async () => {
    clock.restore()
    await env?.close()
  })
  afterEach(async () => {
    expect((await reconcileLedger(db)).problems).toEqual([])
  })

  async function promoterWithAvailable(subtotal: number) {
    const promoter = await makePromoter(db)
    const shopper = await referredShopper(db, promoter.promoteCode)
    const orderId = await makeOrder(db, { userId: shopper, subtotal })
    await onOrderPaid(db, orderId)
    await setOrderStatus(db, orderId, 'delivered')
    await onOrderDelivered(db, orderId)
    clock.advanceDays(15)
    await releaseDueCommissions(db)
    return { promoter, orderId }
  }

  it('accepts exactly 5 of 100 concurrent 10.00 withdrawals against 50.00 available', async () => {
    const { promoter } = await promoterWithAvailable(100_000) // 5% of 1,000.00 = 50.00
    expect(await balanceOf(db, promoter.userId, 'USD')).toMatchObject({ available: 5_000 })
    const payout = { method: 'wallet' as const, email: 'payee@example.com' }
    const results = await Promise.allSettled(
      Array.from({ length: 100 }, () => requestWithdrawal(db, promoter.userId, { amountMinor: 1_000, payout })),
    )
    const accepted = results.filter((r) => r.status === 'fulfilled')
    const refused = results.filter((r) => r.status === 'rejected')
    expect(accepted).toHaveLength(5)
    expect(refused).toHaveLength(95)
    for (const r of refused) {
      const reason = (r as PromiseRejectedResult).reason as AppError
      expect(reason).toBeInstanceOf(AppError)
      expect(reason.code).toBe('CONFLICT')
    }
    expect(await balanceOf(db, promoter.userId, 'USD')).toMatchObject({ available: 0, processing: 5_000 })
    const rows = await db.select().from(t.withdrawals).where(eq(t.withdrawals.promoterId, promoter.userId))
    expect(rows).toHaveLength(5)
  })

  it('books commission once when the same order job runs many times at once', async () => {
    const promoter = await makePromoter(db)
    const shopper = await referredShopper(db, promoter.promoteCode)
    const orderId = await makeOrder(db, { userId: shopper, subtotal: 20_000 })
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => onOrderPaid(db, orderId)))
    expect(outcomes.filter((o) => o === 'pending')).toHaveLength(1)
    expect(await balanceOf(db, promoter.userId, 'USD')).toMatchObject({ pending: 1_000 })
  })

  it('releases each commission once with several sweeps running, and a racing refund wins or loses cleanly', async () => {
    const promoter = await makePromoter(db)
    const shopper = await referredShopper(db, promoter.promoteCode)
    const orders: string[] = []
    for (let i = 0; i < 30; i++) {
      const id = await makeOrder(db, { userId: shopper, subtotal: 2_000 })
      await onOrderPaid(db, id)
      await setOrderStatus(db, id, 'delivered')
      await onOrderDelivered(db, id)
      orders.push(id)
    }
    clock.advanceDays(15)
    await setOrderStatus(db, orders[0], 'refunded')
    const [released] = await Promise.all([
      Promise.all([releaseDueCommissions(db), releaseDueCommissions(db), releaseDueCommissions(db)]),
      onOrderRefunded(db, orders[0]),
      onOrderRefunded(db, orders[0]),
    ])
    expect(released.reduce((a, b) => a + b, 0)).toBe(29)
    expect(await balanceOf(db, promoter.userId, 'USD')).toMatchObject({ pending: 0, available: 29 * 100 })
  })
})

/**
 * Refund races on PostgreSQL (PGlite serialises everything and would prove nothing): staff asking
 * at the same moment can never refund more than was captured, because each request locks the
 * order row and sums the refunds under that lock.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { AppError } from '../../src/modules/errors/app-error'
import { refundOrder } from '../../src/modules/orders/refund-order.server'
import * as t from '../../src/server/db/schema'
import { describeOnPostgres } from './throwaway-db'
import {
  createPaidOrder,
  makeUser,
  openTestDb,
  orderInput,
  orderStatus,
  pickSku,
  settle,
  startWebhookEndpoint,
  testDataDir,
  type TestDb,
} from './orders-fixtures'
import { ordersConfigForFile } from './test-config'

ordersConfigForFile()

describeOnPostgres('refunds under concurrency (PostgreSQL)', () => {
  let tdb: TestDb
  let hook: Awaited<ReturnType<typeof startWebhookEndpoint>>

  beforeAll(async () => {
    testDataDir()
    tdb = await openTestDb('postgres', 12)
    hook = await startWebhookEndpoint(tdb.db)
  })
  afterAll(async () => {
    await hook?.close()
    await tdb?.close()
  })

  it('10 concurrent requests for 60% of the amount: exactly one is accepted', async () => {
    const { db } = tdb
    const [admin] = await db
      .select({ id: t.users.id, email: t.users.email })
      .from(t.users)
      .where(eq(t.users.role, 'admin'))
    const shopper = await makeUser(db)
    const orderId = await createPaidOrder(db, shopper, orderInput(await pickSku(db, 'topup')), hook.url)
    await settle(db)
    expect(await orderStatus(db, orderId)).toBe('delivered')
    const [order] = await db.select().from(t.orders).where(eq(t.orders.id, orderId))
    const amountMinor = Math.floor(order!.totalMinor * 0.6)

    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () => refundOrder(db, orderId, { actor: admin! }, { amountMinor })),
    )
    const accepted = results.filter((r) => r.status === 'fulfilled')
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected')
    expect(accepted).toHaveLength(1)
    expect(refused).toHaveLength(9)
    for (const r of refused) {
      expect(r.reason).toBeInstanceOf(AppError)
      expect(r.reason).toMatchObject({ code: 'CONFLICT', issues: [{ message: 'above_refundable' }] })
    }
    expect(await db.select().from(t.refunds).where(eq(t.refunds.orderId, orderId))).toHaveLength(1)

    await settle(db)
    const rows = await db.select().from(t.refunds).where(eq(t.refunds.orderId, orderId))
    expect(rows).toMatchObject([{ amountMinor, status: 'succeeded' }])
    expect(await orderStatus(db, orderId)).toBe('delivered')
  })
})

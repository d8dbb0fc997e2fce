/**
 * The back-office dashboard's figures against a real flow on PGlite: a paid order counts in today's
 * and this week's revenue of its currency, orders are counted per status, and a paid order still
 * undelivered after the delivery promise counts as late.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as t from '../../src/server/db/schema'
import { DELIVERY_PROMISE_MINUTES } from '../../src/modules/admin/admin.schemas'
import { dashboardFigures } from '../../src/modules/admin/dashboard.server'
import { createOrder } from '../../src/modules/orders/create-order.server'
import {
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

let tdb: TestDb
let hook: Awaited<ReturnType<typeof startWebhookEndpoint>>

beforeAll(async () => {
  expect(testDataDir()).toBe(TEST_DATA_DIR)
  tdb = await openTestDb('pglite')
  hook = await startWebhookEndpoint(tdb.db)
}, 60_000)
afterAll(async () => {
  await hook?.close()
  await tdb?.close()
})

describe('dashboard figures', () => {
  it('counts a payment in today’s revenue, the orders per status, and a late delivery', async () => {
    const empty = await dashboardFigures(tdb.db, new Date())
    expect(empty.paidToday).toEqual([])
    const shopper = await makeUser(tdb.db)
    const sku = await pickSku(tdb.db, 'topup')
    const { order } = await createOrder(tdb.db, shopper, orderInput(sku))
    const { order: unpaid } = await createOrder(tdb.db, shopper, orderInput(sku))
    await pay(tdb.db, shopper, order.id, 'card-ok', hook.url)
    await settle(tdb.db) // the webhook arrives, the order is paid and delivered

    const now = await dashboardFigures(tdb.db, new Date())
    expect(now.paidToday).toEqual([{ currency: order.currency, orders: 1, revenueMinor: order.totalMinor }])
    expect(now.paidThisWeek).toEqual(now.paidToday)
    expect(now.ordersByStatus).toEqual(
      expect.arrayContaining([
        { status: 'delivered', count: 1 },
        { status: unpaid.status, count: 1 },
      ]),
    )
    const later = new Date(Date.now() + (DELIVERY_PROMISE_MINUTES + 1) * 60_000)
    expect((await dashboardFigures(tdb.db, later)).deliveriesLate).toBe(0) // delivered in time

    // A delivery stuck at the supplier: late once the promise has passed, not before.
    await tdb.db.update(t.orders).set({ status: 'fulfilling' }).where(eq(t.orders.id, order.id))
    expect((await dashboardFigures(tdb.db, new Date())).deliveriesLate).toBe(0)
    expect((await dashboardFigures(tdb.db, later)).deliveriesLate).toBe(1)

    // A day later the payment is no longer "today", still "this week".
    const tomorrow = new Date(Date.now() + 86_400_000)
    const nextDay = await dashboardFigures(tdb.db, tomorrow)
    expect(nextDay.paidToday).toEqual([])
    expect(nextDay.paidThisWeek).toEqual(now.paidThisWeek)
  })
})

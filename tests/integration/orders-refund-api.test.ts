/**
 * The operator refund (POST /api/orders/{id}/refund) on PGlite: only operators may call it, only
 * orders whose money was captured are refundable (partial amounts: partial-refunds.test.ts), and
 * a refund of all that is left (no body) goes through the gateway, moves the order to refunded and
 * reverses the promoter's commission — even after it was released.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { balanceOf } from '../../src/modules/affiliate/ledger.server'
import { releaseDueCommissions } from '../../src/modules/affiliate/commission.server'
import { setClock } from '../../src/modules/time/clock'
import { reconcileLedger } from '../../src/modules/affiliate/reconcile.server'
import { createOrder } from '../../src/modules/orders/create-order.server'
import { Route as refundRoute } from '../../src/routes/api/orders/$id.refund'
import { Route as clockRoute } from '../../src/routes/api/workshop/clock'
import * as t from '../../src/server/db/schema'
import { listAudit } from '../../src/modules/admin/audit.server'
import { overrideConfig } from '../../app.config'
import { drainJobs } from '../../src/server/jobs/worker'
import { makePromoter, referredShopper } from './affiliate-fixtures'
import { callRoute, routeHandler } from './doors'
import {
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

const TEST_DATA_DIR = ordersConfigForFile()

/** POST /api/orders/{id}/refund through its route handler, signed in as `userId` (or nobody). */
function call(orderId: string, userId?: string) {
  return callRoute(tdb.db, routeHandler(refundRoute, 'POST'), { as: userId, method: 'POST', params: { id: orderId } })
}

let tdb: TestDb
let hook: Awaited<ReturnType<typeof startWebhookEndpoint>>

describe('operator refund API', () => {
  let operator: string
  let shopper: string
  let promoterId: string
  let orderId: string
  let day = new Date('2026-05-01T10:00:00Z').getTime()

  beforeAll(async () => {
    expect(testDataDir()).toBe(TEST_DATA_DIR)
    setClock(() => new Date(day))
    tdb = await openTestDb('pglite')
    hook = await startWebhookEndpoint(tdb.db)
    const [op] = await tdb.db.select({ id: t.users.id }).from(t.users).where(eq(t.users.role, 'admin'))
    operator = op!.id
    const promoter = await makePromoter(tdb.db)
    promoterId = promoter.userId
    shopper = await referredShopper(tdb.db, promoter.promoteCode)
    const { order } = await createOrder(tdb.db, shopper, orderInput(await pickSku(tdb.db, 'topup', 'USD', 3)))
    orderId = order.id
    await pay(tdb.db, shopper, orderId, 'card-ok', hook.url)
    await settle(tdb.db)
    await drainJobs(tdb.db) // the affiliate jobs settle() leaves alone
  }, 60_000)
  afterAll(async () => {
    setClock()
    await hook?.close()
    await tdb?.close()
  })

  it('answers 401 without a user and 403 for a customer', async () => {
    expect(await orderStatus(tdb.db, orderId)).toBe('delivered')
    expect(await call(orderId)).toMatchObject({ status: 401, body: { error: { code: 'UNAUTHENTICATED' } } })
    expect(await call(orderId, shopper)).toMatchObject({ status: 403, body: { error: { code: 'FORBIDDEN' } } })
    // Who is calling is checked before the id: a visitor learns nothing about which ids exist.
    expect(await call('not-a-uuid')).toMatchObject({ status: 401 })
  })

  it('lets the support role refund only up to its limit, and writes nothing when refused', async () => {
    const [support] = await tdb.db
      .insert(t.users)
      .values({ email: `support-${Date.now()}@example.test`, role: 'support' })
      .returning({ id: t.users.id })
    // Below any order: this refund is above the limit.
    const restore = overrideConfig({ SUPPORT_REFUND_LIMIT_MINOR: '1' })
    try {
      expect(await call(orderId, support!.id)).toMatchObject({
        status: 403,
        body: { error: { code: 'FORBIDDEN', issues: [{ message: 'above_refund_limit' }] } },
      })
    } finally {
      restore()
    }
    expect(await orderStatus(tdb.db, orderId)).toBe('delivered')
    expect(await listAudit(tdb.db, { targetType: 'order', targetId: orderId })).toEqual([])
  })

  it('refunds a delivered order through the gateway and reverses the released commission', async () => {
    const before = await balanceOf(tdb.db, promoterId, 'USD')
    expect(before.pending).toBeGreaterThan(0)
    // Past the hold: the commission is released first, then the refund takes it back.
    day += 15 * 86_400_000
    expect(await releaseDueCommissions(tdb.db)).toBe(1)
    expect((await balanceOf(tdb.db, promoterId, 'USD')).available).toBe(before.pending)

    expect(await call(orderId, operator)).toMatchObject({ status: 202, body: { orderId, status: 'refund_pending' } })
    // The audit log says who asked, and what the order was before.
    const [entry, ...more] = await listAudit(tdb.db, { targetType: 'order', targetId: orderId })
    expect(more).toEqual([])
    const [{ amountMinor }] = await tdb.db
      .select({ amountMinor: t.payments.amountMinor })
      .from(t.payments)
      .where(eq(t.payments.orderId, orderId))
    expect(entry).toMatchObject({
      actorId: operator,
      action: 'order.refund',
      before: { status: 'delivered', refundedMinor: 0 },
      after: { refund: 'requested', amountMinor, refundedMinor: amountMinor },
    })
    // A second request while the refund is under way is a conflict, not a second refund.
    expect(await call(orderId, operator)).toMatchObject({ status: 409, body: { error: { code: 'CONFLICT' } } })

    await settle(tdb.db)
    await drainJobs(tdb.db)
    expect(await orderStatus(tdb.db, orderId)).toBe('refunded')
    const [payment] = await tdb.db.select().from(t.payments).where(eq(t.payments.orderId, orderId))
    expect(payment!.status).toBe('refunded')
    const [attribution] = await tdb.db.select().from(t.attributions).where(eq(t.attributions.orderId, orderId))
    expect(attribution!.status).toBe('reversed')
    const after = await balanceOf(tdb.db, promoterId, 'USD')
    expect(after.available).toBe(0)
    expect(after.pending).toBe(0)
    expect((await reconcileLedger(tdb.db)).ok).toBe(true)

    // Refunded is final: refunding again is refused.
    expect(await call(orderId, operator)).toMatchObject({ status: 409, body: { error: { code: 'CONFLICT' } } })
  })

  it('refuses an order with nothing captured yet (409) and an unknown id (404)', async () => {
    const { order } = await createOrder(tdb.db, shopper, orderInput(await pickSku(tdb.db, 'topup')))
    expect(await call(order.id, operator)).toMatchObject({ status: 409, body: { error: { code: 'CONFLICT' } } })
    expect(await call('not-a-uuid', operator)).toMatchObject({ status: 404 })
    expect(await call('00000000-0000-4000-8000-000000000000', operator)).toMatchObject({ status: 404 })
  })

  it('keeps the test clock closed unless ALLOW_TEST_CLOCK, even to operators', async () => {
    const { status } = await callRoute(tdb.db, routeHandler(clockRoute, 'POST'), {
      as: operator,
      body: { advanceDays: 30 },
    })
    expect(status).toBe(403)
    const [row] = await tdb.db.select().from(t.meta).where(eq(t.meta.key, 'test_clock_offset_ms'))
    expect(row).toBeUndefined()
  })
})

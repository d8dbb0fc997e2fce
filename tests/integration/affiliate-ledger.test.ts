/**
 * The commission ledger through the order lifecycle: pending on payment, available after
 * delivery + hold, reversed on refund (even after release); self-referral earns nothing; the
 * attribution window; click de-duplication; withdrawals. The ledger reconciles after every test.
 */
import { and, eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import {
  onOrderDelivered,
  onOrderPaid,
  onOrderRefunded,
  releaseDueCommissions,
} from '../../src/modules/affiliate/commission.server'
import {
  AFFILIATE_QUEUES,
  nextReconcileAt,
  registerAffiliateJobHandlers,
} from '../../src/modules/affiliate/jobs.server'
import { balanceOf } from '../../src/modules/affiliate/ledger.server'
import { reconcileLedger } from '../../src/modules/affiliate/reconcile.server'
import { bindReferredUser, recordClick } from '../../src/modules/affiliate/referral.server'
import {
  approveWithdrawal,
  listWithdrawals,
  markWithdrawalPaid,
  rejectWithdrawal,
  requestWithdrawal,
} from '../../src/modules/affiliate/withdrawals.server'
import { config } from '../../app.config'
import { listAudit } from '../../src/modules/admin/audit.server'
import { AppError } from '../../src/modules/errors/app-error'
import type { Db } from '../../src/server/db/client'
import { drainJobs, enqueue } from '../../src/server/jobs'
import * as t from '../../src/server/db/schema'
import {
  BROWSER_UA,
  anySku,
  makeOrder,
  makePromoter,
  makeUser,
  openTestDb,
  referredShopper,
  setOrderStatus,
  testClock,
  type TestDb,
} from './affiliate-fixtures'

let env: TestDb
let db: Db
const clock = testClock()
const IBAN = { method: 'iban' as const, iban: 'DE89 3704 0044 0532 0130 00' }

beforeAll(async () => {
  env = await openTestDb()
  db = env.db
})
afterAll(async () => {
  clock.restore()
  await env?.close()
})
afterEach(async () => {
  const report = await reconcileLedger(db)
  expect(report.problems).toEqual([])
  expect(report.ok).toBe(true)
})

async function attributionOf(orderId: string) {
  const [row] = await db.select().from(t.attributions).where(eq(t.attributions.orderId, orderId))
  return row
}

async function errorCode(promise: Promise<unknown>): Promise<{ code: string; messages: string[] }> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`)
  return { code: error.code, messages: (error.issues ?? []).map((i) => i.message) }
}

/** Pays, delivers and releases an order of `subtotal` for a referred shopper of `promoter`. */
async function earnAvailable(promoter: { promoteCode: string }, subtotal: number) {
  const shopper = await referredShopper(db, promoter.promoteCode)
  const orderId = await makeOrder(db, { userId: shopper, subtotal })
  await onOrderPaid(db, orderId)
  await setOrderStatus(db, orderId, 'delivered')
  await onOrderDelivered(db, orderId)
  clock.advanceDays(15)
  await releaseDueCommissions(db)
  return { shopper, orderId }
}

describe('commission lifecycle', () => {
  it('books 5% of the net amount as pending, releases it after delivery + 14 days', async () => {
    const promoter = await makePromoter(db)
    const shopper = await referredShopper(db, promoter.promoteCode)
    const orderId = await makeOrder(db, { userId: shopper, subtotal: 10_000, discount: 2_000 })

    expect(await onOrderPaid(db, orderId)).toBe('pending')
    expect(await onOrderPaid(db, orderId)).toBe('already_booked') // a retried job pays nothing twice
    expect(await balanceOf(db, promoter.userId, 'USD')).toMatchObject({ pending: 400, available: 0 })
    expect(await attributionOf(orderId)).toMatchObject({ baseMinor: 8_000, rateBps: 500, commissionMinor: 400 })

    // Not delivered yet: no release however long we wait.
    clock.advanceDays(30)
    expect(await releaseDueCommissions(db)).toBe(0)

    await setOrderStatus(db, orderId, 'delivered')
    expect(await onOrderDelivered(db, orderId)).toBe('scheduled')
    expect(await onOrderDelivered(db, orderId)).toBe('skipped')
    clock.advanceDays(13)
    expect(await releaseDueCommissions(db)).toBe(0)
    clock.advanceDays(1)
    expect(await releaseDueCommissions(db)).toBe(1)
    expect(await releaseDueCommissions(db)).toBe(0)
    expect(await balanceOf(db, promoter.userId, 'USD')).toMatchObject({ pending: 0, available: 400 })
    expect(await attributionOf(orderId)).toMatchObject({ status: 'available' })
  })

  it('reverses pending commission on refund, and released commission too (available may go negative)', async () => {
    const promoter = await makePromoter(db)
    const shopper = await referredShopper(db, promoter.promoteCode)
    const early = await makeOrder(db, { userId: shopper, subtotal: 2_000 })
    await onOrderPaid(db, early)
    await setOrderStatus(db, early, 'refunded')
    expect(await onOrderRefunded(db, early)).toBe('reversed')
    expect(await onOrderRefunded(db, early)).toBe('nothing')
    expect(await balanceOf(db, promoter.userId, 'USD')).toMatchObject({ pending: 0, available: 0 })

    const { orderId } = await earnAvailable(promoter, 60_000) // 30.00 available
    await requestWithdrawal(db, promoter.userId, { amountMinor: 2_000, payout: IBAN })
    await setOrderStatus(db, orderId, 'refunded')
    expect(await onOrderRefunded(db, orderId)).toBe('reversed')
    expect(await balanceOf(db, promoter.userId, 'USD')).toMatchObject({
      pending: 0,
      available: -2_000,
      processing: 2_000,
    })
    // A negative balance blocks withdrawals until new commission covers it.
    expect((await errorCode(requestWithdrawal(db, promoter.userId, { amountMinor: 2_000, payout: IBAN }))).code).toBe(
      'CONFLICT',
    )
  })

  it('does not release an order whose refund is under way, and voids orders refunded before the paid job', async () => {
    const promoter = await makePromoter(db)
    const shopper = await referredShopper(db, promoter.promoteCode)
    const orderId = await makeOrder(db, { userId: shopper, subtotal: 4_000 })
    await onOrderPaid(db, orderId)
    await setOrderStatus(db, orderId, 'delivered')
    await onOrderDelivered(db, orderId)
    await setOrderStatus(db, orderId, 'refunded') // the refunded job has not run yet
    clock.advanceDays(20)
    expect(await releaseDueCommissions(db)).toBe(0)
    await onOrderRefunded(db, orderId)

    const late = await makeOrder(db, { userId: shopper, subtotal: 4_000, status: 'refunded' })
    expect(await onOrderRefunded(db, late)).toBe('nothing')
    expect(await onOrderPaid(db, late)).toBe('already_booked')
    expect(await attributionOf(late)).toMatchObject({ status: 'void', commissionMinor: 0 })
  })

  it('handles a delivered job that arrives before the paid job', async () => {
    const promoter = await makePromoter(db)
    const shopper = await referredShopper(db, promoter.promoteCode)
    const orderId = await makeOrder(db, { userId: shopper, subtotal: 3_000, status: 'delivered' })
    expect(await onOrderDelivered(db, orderId)).toBe('scheduled')
    expect(await attributionOf(orderId)).toMatchObject({ status: 'pending', commissionMinor: 150 })
  })

  it('converts orders in another currency at the catalogue prices in the promoter currency', async () => {
    const promoter = await makePromoter(db, 'USD')
    const shopper = await referredShopper(db, promoter.promoteCode)
    const sku = await anySku(db)
    const orderId = await makeOrder(db, { userId: shopper, currency: 'EUR', quantity: 2 })
    await onOrderPaid(db, orderId)
    const base = sku.prices.USD * 2
    expect(await attributionOf(orderId)).toMatchObject({ currency: 'USD', baseMinor: base })
  })

  it('runs from the order jobs the order flow enqueues, once per job even if enqueued twice', async () => {
    registerAffiliateJobHandlers()
    const promoter = await makePromoter(db)
    const shopper = await referredShopper(db, promoter.promoteCode)
    const orderId = await makeOrder(db, { userId: shopper, subtotal: 6_000, status: 'delivered' })
    for (const queue of [AFFILIATE_QUEUES.orderPaid, AFFILIATE_QUEUES.orderPaid, AFFILIATE_QUEUES.orderDelivered]) {
      await enqueue(db, { queue, payload: { orderId } })
    }
    await drainJobs(db)
    expect(await attributionOf(orderId)).toMatchObject({ status: 'pending', commissionMinor: 300 })
    const queued = await db.select().from(t.jobs)
    expect(queued.map((j) => j.queue)).toEqual(
      expect.arrayContaining([AFFILIATE_QUEUES.releaseDue, AFFILIATE_QUEUES.reconcile]),
    )
    expect(queued.filter((j) => j.failedAt !== null || j.lastError !== null)).toEqual([])
    expect(nextReconcileAt(new Date('2026-03-01T02:59:00Z')).toISOString()).toBe('2026-03-01T03:00:00.000Z')
    expect(nextReconcileAt(new Date('2026-03-01T03:00:00Z')).toISOString()).toBe('2026-03-02T03:00:00.000Z')
  })

  it('ignores orders of shoppers nobody referred', async () => {
    const orderId = await makeOrder(db, { userId: await makeUser(db) })
    expect(await onOrderPaid(db, orderId)).toBe('not_referred')
  })

  it('keeps the ledger append-only', async () => {
    const promoter = await makePromoter(db)
    const shopper = await referredShopper(db, promoter.promoteCode)
    const orderId = await makeOrder(db, { userId: shopper, subtotal: 2_000 })
    await onOrderPaid(db, orderId)
    const where = eq(t.ledgerEntries.orderId, orderId)
    await expect(db.update(t.ledgerEntries).set({ amountMinor: 1 }).where(where)).rejects.toThrow()
    await expect(db.delete(t.ledgerEntries).where(where)).rejects.toThrow()
  })
})

describe('self-referral', () => {
  it("earns nothing and is flagged when the order tops up the promoter's own player ID", async () => {
    const promoter = await makePromoter(db)
    await makeOrder(db, { userId: promoter.userId, playerId: '55501234', status: 'delivered' })
    const alt = await referredShopper(db, promoter.promoteCode) // the promoter's second account
    const orderId = await makeOrder(db, { userId: alt, subtotal: 50_000, playerId: '55501234' })
    expect(await onOrderPaid(db, orderId)).toBe('flagged')
    expect(await attributionOf(orderId)).toMatchObject({
      status: 'flagged',
      flag: 'self_referral_player',
      commissionMinor: 0,
    })
    const entries = await db.select().from(t.ledgerEntries).where(eq(t.ledgerEntries.orderId, orderId))
    expect(entries).toEqual([])
    expect(await balanceOf(db, promoter.userId, 'USD')).toMatchObject({ pending: 0, available: 0 })
    // Another player ID from the same shopper is a normal order.
    const other = await makeOrder(db, { userId: alt, subtotal: 2_000, playerId: '77700001' })
    expect(await onOrderPaid(db, other)).toBe('pending')
  })

  it('never binds promoters to their own links', async () => {
    const promoter = await makePromoter(db)
    const click = await recordClick(db, {
      code: promoter.promoteCode,
      visitorId: 'promoter-visitor-0001',
      userAgent: BROWSER_UA,
    })
    expect(await bindReferredUser(db, promoter.userId, click.attributeTo)).toEqual({ bound: false, reason: 'self' })
  })
})

describe('clicks and the attribution window', () => {
  it('counts one click per visitor per link per day, and none from bots', async () => {
    const promoter = await makePromoter(db)
    const code = promoter.promoteCode.toLowerCase() // codes are case-insensitive
    const visitor = 'visitor-dedupe-0001'
    const first = await recordClick(db, { code, visitorId: visitor, userAgent: BROWSER_UA })
    const again = await recordClick(db, { code, visitorId: visitor, userAgent: BROWSER_UA })
    expect(again.attributeTo).toBe(first.attributeTo)
    const bot = await recordClick(db, { code, visitorId: 'bot-visitor-00001', userAgent: 'Googlebot/2.1' })
    expect(bot).toEqual({ target: '/', recorded: false })
    clock.advanceDays(1)
    await recordClick(db, { code, visitorId: visitor, userAgent: BROWSER_UA })
    const clicks = await db.select().from(t.referralClicks).where(eq(t.referralClicks.promoterId, promoter.userId))
    expect(clicks).toHaveLength(2)
    expect(await recordClick(db, { code: 'NO-SUCH-CODE', visitorId: visitor, userAgent: BROWSER_UA })).toEqual({
      target: '/',
      recorded: false,
    })
  })

  it('attributes a sign-up within the window and not after it', async () => {
    const promoter = await makePromoter(db)
    const inside = await recordClick(db, {
      code: promoter.promoteCode,
      visitorId: 'window-visitor-01',
      userAgent: BROWSER_UA,
    })
    const outside = await recordClick(db, {
      code: promoter.promoteCode,
      visitorId: 'window-visitor-02',
      userAgent: BROWSER_UA,
    })
    clock.advanceDays(30)
    expect(await bindReferredUser(db, await makeUser(db), inside.attributeTo)).toMatchObject({ bound: true })
    clock.advanceDays(0.01)
    const late = await makeUser(db)
    expect(await bindReferredUser(db, late, outside.attributeTo)).toEqual({ bound: false, reason: 'expired' })
    const orderId = await makeOrder(db, { userId: late, subtotal: 10_000 })
    expect(await onOrderPaid(db, orderId)).toBe('not_referred')
  })

  it('lets the last click win by default, and binds a user once', async () => {
    const a = await makePromoter(db)
    const b = await makePromoter(db)
    const visitor = 'visitor-last-touch-01'
    const first = await recordClick(db, { code: a.promoteCode, visitorId: visitor, userAgent: BROWSER_UA })
    const second = await recordClick(db, {
      code: b.promoteCode,
      visitorId: visitor,
      userAgent: BROWSER_UA,
      currentClickId: first.attributeTo,
    })
    expect(second.attributeTo).toBeDefined()
    expect(second.attributeTo).not.toBe(first.attributeTo)
    const user = await makeUser(db)
    expect(await bindReferredUser(db, user, second.attributeTo)).toMatchObject({ bound: true, promoterId: b.userId })
    expect(await bindReferredUser(db, user, first.attributeTo)).toEqual({ bound: false, reason: 'already_bound' })
    expect(await bindReferredUser(db, user, 'not-a-click')).toEqual({ bound: false, reason: 'unknown_click' })
    expect(await bindReferredUser(db, user, undefined)).toEqual({ bound: false, reason: 'no_cookie' })
  })
})

describe('withdrawals', () => {
  it('locks the amount at once and walks requested → approved → paid', async () => {
    const promoter = await makePromoter(db)
    await earnAvailable(promoter, 100_000) // 50.00
    const operator = { id: await makeUser(db, 'operator'), email: 'operator@example.test' }
    const w = await requestWithdrawal(db, promoter.userId, { amountMinor: 3_000, payout: IBAN })
    expect(w).toMatchObject({ status: 'requested', amountMinor: 3_000, destination: 'DE89 •••• 3000' })
    expect(await balanceOf(db, promoter.userId, 'USD')).toMatchObject({ available: 2_000, processing: 3_000 })
    expect((await errorCode(markWithdrawalPaid(db, w.id, operator))).messages).toEqual(['invalid_transition'])
    await approveWithdrawal(db, w.id, operator)
    expect((await errorCode(approveWithdrawal(db, w.id, operator))).code).toBe('CONFLICT')
    await markWithdrawalPaid(db, w.id, operator)
    expect(await balanceOf(db, promoter.userId, 'USD')).toMatchObject({
      available: 2_000,
      processing: 0,
      withdrawn: 3_000,
    })
    expect((await errorCode(rejectWithdrawal(db, w.id, operator, 'late'))).code).toBe('CONFLICT')
    expect((await listWithdrawals(db, promoter.userId)).map((x) => x.status)).toEqual(['paid'])
  })

  it('needs two different admins above the second-approval amount, and pays with a reference', async () => {
    const promoter = await makePromoter(db)
    await earnAvailable(promoter, 2_400_000) // 1200.00
    const adminA = { id: await makeUser(db, 'admin-a'), email: 'admin-a@example.test' }
    const adminB = { id: await makeUser(db, 'admin-b'), email: 'admin-b@example.test' }
    const limit = config().WITHDRAWAL_SECOND_APPROVAL_MINOR
    const big = await requestWithdrawal(db, promoter.userId, { amountMinor: limit + 1, payout: IBAN })
    expect(await approveWithdrawal(db, big.id, adminA)).toMatchObject({
      status: 'requested',
      awaitingSecondApproval: true,
    })
    expect(await errorCode(approveWithdrawal(db, big.id, adminA))).toEqual({
      code: 'CONFLICT',
      messages: ['second_approver_required'],
    })
    expect((await errorCode(markWithdrawalPaid(db, big.id, adminA))).messages).toEqual(['invalid_transition'])
    expect(await approveWithdrawal(db, big.id, adminB)).toMatchObject({
      status: 'approved',
      awaitingSecondApproval: false,
    })
    expect(await markWithdrawalPaid(db, big.id, adminA, 'SEPA-20261125-0001')).toMatchObject({
      status: 'paid',
      payoutReference: 'SEPA-20261125-0001',
    })
    const trail = await listAudit(db, { targetType: 'withdrawal', targetId: big.id })
    expect(trail.map((e) => [e.action, e.actor])).toEqual([
      ['withdrawal.pay', adminA.email],
      ['withdrawal.approve', adminB.email],
      ['withdrawal.first_approval', adminA.email],
    ])
    // At the limit itself one approval is enough.
    const atLimit = await requestWithdrawal(db, promoter.userId, { amountMinor: limit, payout: IBAN })
    expect(await approveWithdrawal(db, atLimit.id, adminA)).toMatchObject({ status: 'approved' })
  })

  it('returns the funds on rejection and refuses below-minimum or uncovered amounts', async () => {
    const promoter = await makePromoter(db)
    await earnAvailable(promoter, 100_000) // 50.00
    const operator = { id: await makeUser(db, 'operator'), email: 'operator@example.test' }
    expect(await errorCode(requestWithdrawal(db, promoter.userId, { amountMinor: 1_999, payout: IBAN }))).toEqual({
      code: 'INVALID_INPUT',
      messages: ['below_minimum'],
    })
    expect(await errorCode(requestWithdrawal(db, promoter.userId, { amountMinor: 5_001, payout: IBAN }))).toEqual({
      code: 'CONFLICT',
      messages: ['insufficient_funds'],
    })
    const w = await requestWithdrawal(db, promoter.userId, {
      amountMinor: 5_000,
      payout: { method: 'wallet', email: 'Payee@Example.com' },
    })
    expect(await balanceOf(db, promoter.userId, 'USD')).toMatchObject({ available: 0, processing: 5_000 })
    const rejected = await rejectWithdrawal(db, w.id, operator, 'wallet closed')
    expect(rejected).toMatchObject({ status: 'rejected', note: 'wallet closed', destination: 'payee@example.com' })
    expect(await balanceOf(db, promoter.userId, 'USD')).toMatchObject({ available: 5_000, processing: 0 })
    expect((await errorCode(approveWithdrawal(db, '00000000-0000-4000-8000-000000000000', operator))).code).toBe(
      'NOT_FOUND',
    )
  })

  it('refuses non-promoters', async () => {
    const user = await makeUser(db)
    expect((await errorCode(requestWithdrawal(db, user, { amountMinor: 5_000, payout: IBAN }))).code).toBe('FORBIDDEN')
    const rows = await db
      .select()
      .from(t.withdrawals)
      .where(and(eq(t.withdrawals.promoterId, user)))
    expect(rows).toEqual([])
  })
})

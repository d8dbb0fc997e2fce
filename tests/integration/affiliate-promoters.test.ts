/**
 * Promoter management (ADR 054) with AFFILIATE_APPROVAL=manual: a new promoter is pending and earns
 * nothing until approved; a suspended one's clicks do not count, they cannot withdraw, and their new
 * orders are flagged, while commission already earned keeps its course; the rate override applies
 * to orders booked afterwards; flagged self-referrals are granted or kept refused. Every action is
 * audited with before/after, and the ledger reconciles after every test.
 */
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { listAudit } from '../../src/modules/admin/audit.server'
import {
  onOrderDelivered,
  onOrderPaid,
  onOrderRefunded,
  releaseDueCommissions,
} from '../../src/modules/affiliate/commission.server'
import {
  confirmAttributionFlag,
  grantAttribution,
  listFlagsToReview,
} from '../../src/modules/affiliate/flag-review.server'
import { balanceOf } from '../../src/modules/affiliate/ledger.server'
import { createLink } from '../../src/modules/affiliate/links.server'
import {
  approvePromoter,
  listPromotersForStaff,
  reinstatePromoter,
  setCommissionRate,
  suspendPromoter,
  type Staff,
} from '../../src/modules/affiliate/promoter-admin.server'
import { findPromoter, toProfile } from '../../src/modules/affiliate/promoters.server'
import { reconcileLedger } from '../../src/modules/affiliate/reconcile.server'
import { recordClick } from '../../src/modules/affiliate/referral.server'
import { requestWithdrawal } from '../../src/modules/affiliate/withdrawals.server'
import { AppError } from '../../src/modules/errors/app-error'
import type { Db } from '../../src/server/db/client'
import * as t from '../../src/server/db/schema'
import {
  BROWSER_UA,
  makeOrder,
  makePromoter,
  makeUser,
  openTestDb,
  referredShopper,
  setOrderStatus,
  testClock,
  type TestDb,
} from './affiliate-fixtures'
import { configForFile } from './test-config'

configForFile({ AFFILIATE_APPROVAL: 'manual' })

let env: TestDb
let db: Db
let admin: Staff
const clock = testClock()
const IBAN = { method: 'iban' as const, iban: 'DE89 3704 0044 0532 0130 00' }

beforeAll(async () => {
  env = await openTestDb()
  db = env.db
  const id = await makeUser(db, 'admin')
  const [user] = await db.select().from(t.users).where(eq(t.users.id, id))
  admin = { id, email: user!.email }
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
  return row!
}

async function refusal(promise: Promise<unknown>): Promise<{ code: string; messages: string[] }> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`)
  return { code: error.code, messages: (error.issues ?? []).map((i) => i.message) }
}

/** A promoter an admin has approved (this file runs with manual approval). */
async function activePromoter() {
  const promoter = await makePromoter(db)
  await approvePromoter(db, admin, promoter.userId)
  return promoter
}

/** A shopper bound to the promoter directly: a pending promoter's own links record nothing. */
async function boundShopper(promoterId: string): Promise<string> {
  const userId = await makeUser(db, 'shopper')
  await db.insert(t.referrals).values({ userId, promoterId })
  return userId
}

const click = (code: string) => recordClick(db, { code, visitorId: randomUUID(), userAgent: BROWSER_UA })

async function auditOf(action: string, targetId: string) {
  return (await listAudit(db, { action, targetId })).map((r) => ({ actor: r.actor, before: r.before, after: r.after }))
}

describe('manual approval', () => {
  it('makes a pending promoter who earns nothing until approved; the next order then earns', async () => {
    const promoter = await makePromoter(db)
    expect(promoter).toMatchObject({ status: 'pending', statusReason: null })
    expect((await click(promoter.promoteCode)).recorded).toBe(false)

    const shopper = await boundShopper(promoter.userId)
    const before = await makeOrder(db, { userId: shopper, subtotal: 10_000 })
    expect(await onOrderPaid(db, before)).toBe('flagged')
    expect(await attributionOf(before)).toMatchObject({ flag: 'promoter_inactive', commissionMinor: 0 })
    expect(await balanceOf(db, promoter.userId, 'USD')).toMatchObject({ pending: 0 })

    expect(await approvePromoter(db, admin, promoter.userId)).toMatchObject({ status: 'active' })
    expect((await click(promoter.promoteCode)).recorded).toBe(true)
    const after = await makeOrder(db, { userId: shopper, subtotal: 10_000 })
    expect(await onOrderPaid(db, after)).toBe('pending')
    expect(await balanceOf(db, promoter.userId, 'USD')).toMatchObject({ pending: 500 })
    // The order booked while pending stays as it was.
    expect(await attributionOf(before)).toMatchObject({ status: 'flagged', commissionMinor: 0 })

    expect(await auditOf('promoter.approve', promoter.userId)).toEqual([
      {
        actor: admin.email,
        before: { status: 'pending', statusReason: null },
        after: { status: 'active', statusReason: null },
      },
    ])
  })
})

describe('suspension', () => {
  it('stops clicks, withdrawals and new commission; earned commission keeps its course; reinstating restores', async () => {
    const promoter = await activePromoter()
    const link = await createLink(db, promoter.userId, { target: '/' })
    const shopper = await referredShopper(db, promoter.promoteCode)
    // Earned while active: 30.00 released, 5.00 still pending on an undelivered order.
    const released = await makeOrder(db, { userId: shopper, subtotal: 60_000 })
    await onOrderPaid(db, released)
    await setOrderStatus(db, released, 'delivered')
    await onOrderDelivered(db, released)
    const held = await makeOrder(db, { userId: shopper, subtotal: 10_000 })
    await onOrderPaid(db, held)
    clock.advanceDays(15)
    await releaseDueCommissions(db)

    await suspendPromoter(db, admin, promoter.userId, '  Spam on a forum  ')
    expect(toProfile((await findPromoter(db, promoter.userId))!)).toMatchObject({
      status: 'suspended',
      statusReason: 'Spam on a forum',
    })
    expect(await click(promoter.promoteCode)).toMatchObject({ recorded: false, target: '/' })
    expect((await click(link.code)).recorded).toBe(false)
    expect(await refusal(requestWithdrawal(db, promoter.userId, { amountMinor: 2_000, payout: IBAN }))).toEqual({
      code: 'FORBIDDEN',
      messages: ['promoter_inactive'],
    })
    const during = await makeOrder(db, { userId: shopper, subtotal: 10_000 })
    expect(await onOrderPaid(db, during)).toBe('flagged')
    expect(await attributionOf(during)).toMatchObject({ flag: 'promoter_inactive', commissionMinor: 0 })

    // Commission earned before the suspension is still released (and reversed on refund).
    await setOrderStatus(db, held, 'delivered')
    expect(await onOrderDelivered(db, held)).toBe('scheduled')
    clock.advanceDays(15)
    expect(await releaseDueCommissions(db)).toBe(1)
    await setOrderStatus(db, released, 'refunded')
    expect(await onOrderRefunded(db, released)).toBe('reversed')
    expect(await balanceOf(db, promoter.userId, 'USD')).toMatchObject({ pending: 0, available: 500 })

    await reinstatePromoter(db, admin, promoter.userId)
    expect((await click(promoter.promoteCode)).recorded).toBe(true)
    expect((await click(link.code)).recorded).toBe(true)
    const next = await makeOrder(db, { userId: shopper, subtotal: 60_000 })
    await onOrderPaid(db, next)
    await setOrderStatus(db, next, 'delivered')
    await onOrderDelivered(db, next)
    clock.advanceDays(15)
    await releaseDueCommissions(db)
    const withdrawal = await requestWithdrawal(db, promoter.userId, { amountMinor: 2_000, payout: IBAN })
    expect(withdrawal.status).toBe('requested')

    expect(await auditOf('promoter.suspend', promoter.userId)).toEqual([
      {
        actor: admin.email,
        before: { status: 'active', statusReason: null },
        after: { status: 'suspended', statusReason: 'Spam on a forum' },
      },
    ])
    expect(await auditOf('promoter.reinstate', promoter.userId)).toEqual([
      {
        actor: admin.email,
        before: { status: 'suspended', statusReason: 'Spam on a forum' },
        after: { status: 'active', statusReason: null },
      },
    ])
  })

  it('refuses transitions from the wrong status with CONFLICT invalid_transition, writing nothing', async () => {
    const pending = await makePromoter(db)
    const conflict = { code: 'CONFLICT', messages: ['invalid_transition'] }
    expect(await refusal(suspendPromoter(db, admin, pending.userId, 'too early'))).toEqual(conflict)
    expect(await refusal(reinstatePromoter(db, admin, pending.userId))).toEqual(conflict)
    await approvePromoter(db, admin, pending.userId)
    expect(await refusal(approvePromoter(db, admin, pending.userId))).toEqual(conflict)
    expect(await refusal(reinstatePromoter(db, admin, pending.userId))).toEqual(conflict)
    await suspendPromoter(db, admin, pending.userId, 'fraud')
    expect(await refusal(suspendPromoter(db, admin, pending.userId, 'again'))).toEqual(conflict)
    expect(await refusal(approvePromoter(db, admin, pending.userId))).toEqual(conflict)
    expect(await refusal(suspendPromoter(db, admin, pending.userId, '   '))).toMatchObject({ code: 'INVALID_INPUT' })
    expect(await refusal(approvePromoter(db, admin, randomUUID()))).toMatchObject({ code: 'NOT_FOUND' })
    // One entry per successful action, none for the refusals.
    expect((await listAudit(db, { targetId: pending.userId })).map((r) => r.action).sort()).toEqual([
      'promoter.approve',
      'promoter.suspend',
    ])
  })
})

describe('commission-rate override', () => {
  it('applies to orders booked from then on only; clearing it goes back to the programme rate', async () => {
    const promoter = await activePromoter()
    const shopper = await referredShopper(db, promoter.promoteCode)
    const first = await makeOrder(db, { userId: shopper, subtotal: 10_000 })
    await onOrderPaid(db, first)

    expect(await setCommissionRate(db, admin, promoter.userId, 1_250)).toMatchObject({ commissionBps: 1_250 })
    const second = await makeOrder(db, { userId: shopper, subtotal: 10_000 })
    await onOrderPaid(db, second)
    expect(await attributionOf(first)).toMatchObject({ rateBps: 500, commissionMinor: 500 })
    expect(await attributionOf(second)).toMatchObject({ rateBps: 1_250, commissionMinor: 1_250 })

    await setCommissionRate(db, admin, promoter.userId, null)
    const third = await makeOrder(db, { userId: shopper, subtotal: 10_000 })
    await onOrderPaid(db, third)
    expect(await attributionOf(third)).toMatchObject({ rateBps: 500, commissionMinor: 500 })
    expect(await balanceOf(db, promoter.userId, 'USD')).toMatchObject({ pending: 2_250 })

    expect(await refusal(setCommissionRate(db, admin, promoter.userId, 10_001))).toMatchObject({
      code: 'INVALID_INPUT',
    })
    expect((await auditOf('promoter.rate', promoter.userId)).reverse()).toEqual([
      { actor: admin.email, before: { commissionBps: null }, after: { commissionBps: 1_250 } },
      { actor: admin.email, before: { commissionBps: 1_250 }, after: { commissionBps: null } },
    ])
  })
})

describe('promoters list', () => {
  it('filters by status and e-mail or code, with rate, balances and open flags', async () => {
    const promoter = await activePromoter()
    await setCommissionRate(db, admin, promoter.userId, 700)
    const shopper = await referredShopper(db, promoter.promoteCode)
    await onOrderPaid(db, await makeOrder(db, { userId: shopper, subtotal: 10_000 }))
    await makeOrder(db, { userId: promoter.userId, playerId: '44401234', status: 'delivered' })
    await onOrderPaid(db, await makeOrder(db, { userId: shopper, subtotal: 10_000, playerId: '44401234' }))
    const waiting = await makePromoter(db)

    const byCode = await listPromotersForStaff(db, { q: promoter.promoteCode.toLowerCase() })
    expect(byCode.rows).toEqual([
      expect.objectContaining({
        userId: promoter.userId,
        rateBps: 700,
        rateOverridden: true,
        status: 'active',
        pendingMinor: 700,
        availableMinor: 0,
        openFlags: 1,
      }),
    ])
    const [user] = await db.select().from(t.users).where(eq(t.users.id, waiting.userId))
    const byEmail = await listPromotersForStaff(db, { q: user!.email.toUpperCase() })
    expect(byEmail.rows.map((r) => [r.userId, r.status, r.rateBps, r.rateOverridden])).toEqual([
      [waiting.userId, 'pending', 500, false],
    ])
    const pendingOnly = await listPromotersForStaff(db, { status: 'pending' })
    expect(pendingOnly.rows.every((r) => r.status === 'pending')).toBe(true)
    expect(pendingOnly.rows.map((r) => r.userId)).toContain(waiting.userId)
    expect(pendingOnly.rows.map((r) => r.userId)).not.toContain(promoter.userId)
    expect(pendingOnly.total).toBe(pendingOnly.rows.length)
  })
})

describe('flag review', () => {
  /** An order by the promoter's second account topping up the promoter's own player ID. */
  async function selfReferral(status: 'paid' | 'delivered' = 'paid') {
    const promoter = await activePromoter()
    const playerId = String(Math.floor(10_000_000 + Math.random() * 80_000_000))
    await makeOrder(db, { userId: promoter.userId, playerId, status: 'delivered' })
    const alt = await referredShopper(db, promoter.promoteCode)
    const orderId = await makeOrder(db, { userId: alt, subtotal: 40_000, playerId, status })
    expect(await onOrderPaid(db, orderId)).toBe('flagged')
    return { promoter, orderId, attribution: await attributionOf(orderId) }
  }

  it('lists the flag, and grant books the pending commission; on a delivered order the hold starts now', async () => {
    const { promoter, orderId, attribution } = await selfReferral('delivered')
    const page = await listFlagsToReview(db, { page: 1 })
    expect(page.rows.find((r) => r.id === attribution.id)).toMatchObject({
      orderId,
      flag: 'self_referral_player',
      baseMinor: 40_000,
      currency: 'USD',
      grantable: true,
    })

    const decidedAt = clock.now()
    expect(await grantAttribution(db, admin, attribution.id)).toMatchObject({
      status: 'pending',
      commissionMinor: 2_000,
    })
    expect(await attributionOf(orderId)).toMatchObject({
      status: 'pending',
      flag: 'self_referral_player',
      commissionMinor: 2_000,
      reviewedBy: admin.id,
      availableAt: new Date(decidedAt.getTime() + 14 * 86_400_000),
    })
    expect(await balanceOf(db, promoter.userId, 'USD')).toMatchObject({ pending: 2_000 })
    expect((await listFlagsToReview(db)).rows.map((r) => r.id)).not.toContain(attribution.id)
    expect((await reconcileLedger(db)).ok).toBe(true)

    clock.advanceDays(14)
    expect(await releaseDueCommissions(db)).toBe(1)
    expect(await balanceOf(db, promoter.userId, 'USD')).toMatchObject({ pending: 0, available: 2_000 })
    expect(await auditOf('attribution.grant', String(attribution.id))).toEqual([
      {
        actor: admin.email,
        before: { status: 'flagged', flag: 'self_referral_player', commissionMinor: 0 },
        after: {
          status: 'pending',
          flag: 'self_referral_player',
          commissionMinor: 2_000,
          currency: 'USD',
          orderId,
          availableAt: new Date(decidedAt.getTime() + 14 * 86_400_000).toISOString(),
        },
      },
    ])
  })

  it('grant on an order not delivered yet leaves the hold to the delivery job', async () => {
    const { orderId, attribution } = await selfReferral('paid')
    await grantAttribution(db, admin, attribution.id)
    expect(await attributionOf(orderId)).toMatchObject({ status: 'pending', availableAt: null })
    await setOrderStatus(db, orderId, 'delivered')
    expect(await onOrderDelivered(db, orderId)).toBe('scheduled')
  })

  it('confirm keeps the commission at 0; a second decision is a CONFLICT', async () => {
    const { promoter, orderId, attribution } = await selfReferral()
    expect(await confirmAttributionFlag(db, admin, attribution.id)).toMatchObject({
      status: 'flagged',
      commissionMinor: 0,
    })
    expect(await attributionOf(orderId)).toMatchObject({ status: 'flagged', commissionMinor: 0, reviewedBy: admin.id })
    expect(await balanceOf(db, promoter.userId, 'USD')).toMatchObject({ pending: 0 })
    const already = { code: 'CONFLICT', messages: ['already_reviewed'] }
    expect(await refusal(grantAttribution(db, admin, attribution.id))).toEqual(already)
    expect(await refusal(confirmAttributionFlag(db, admin, attribution.id))).toEqual(already)
    expect(await auditOf('attribution.confirm', String(attribution.id))).toEqual([
      {
        actor: admin.email,
        before: { status: 'flagged', flag: 'self_referral_player', reviewed: false },
        after: { status: 'flagged', flag: 'self_referral_player', reviewed: true, orderId },
      },
    ])
  })

  it('refuses to grant other flags and orders that no longer earn', async () => {
    const pending = await makePromoter(db)
    const inactive = await makeOrder(db, { userId: await boundShopper(pending.userId), subtotal: 10_000 })
    await onOrderPaid(db, inactive)
    const inactiveFlag = await attributionOf(inactive)
    expect((await listFlagsToReview(db)).rows.find((r) => r.id === inactiveFlag.id)).toMatchObject({
      flag: 'promoter_inactive',
      grantable: false,
    })
    expect(await refusal(grantAttribution(db, admin, inactiveFlag.id))).toEqual({
      code: 'CONFLICT',
      messages: ['not_grantable'],
    })
    // Keeping it refused is allowed for any flag.
    await confirmAttributionFlag(db, admin, inactiveFlag.id)

    const { orderId, attribution } = await selfReferral()
    await setOrderStatus(db, orderId, 'refunded')
    expect(await onOrderRefunded(db, orderId)).toBe('nothing')
    expect(await refusal(grantAttribution(db, admin, attribution.id))).toEqual({
      code: 'CONFLICT',
      messages: ['order_not_earning'],
    })
    expect(await refusal(grantAttribution(db, admin, 2_000_000_000))).toMatchObject({ code: 'NOT_FOUND' })
    expect(await attributionOf(orderId)).toMatchObject({ status: 'flagged', reviewedAt: null })
  })
})

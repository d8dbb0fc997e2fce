/**
 * Staff refund controls (ADR 110), on PGlite and, with TEST_DATABASE_URL, on PostgreSQL: staff
 * never refund their own order (the self-refund-to-credit loop of issue 34 is closed); the support
 * limit counts per order and per staff member per day; a support refund to store credit above the
 * limit waits for a second staff member, never the one who asked. Every step is in the audit log.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { overrideConfig } from '../../app.config'
import { listAudit } from '../../src/modules/admin/audit.server'
import type { Caller } from '../../src/modules/door/caller.server'
import { decideRefundApproval, refundApprovalsOf } from '../../src/modules/orders/refund-approvals.server'
import { refundAsStaff } from '../../src/modules/orders/staff-refund.server'
import { availableCredit } from '../../src/modules/store-credit/ledger.server'
import { setClockOffset } from '../../src/modules/time/clock'
import { DAY_MS } from '../../src/modules/time/days'
import type { Db } from '../../src/server/db/client'
import * as t from '../../src/server/db/schema'
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
  type SkuPick,
  type TestDb,
} from './orders-fixtures'
import { refusal } from './refusal'
import { ordersConfigForFile } from './test-config'
import { describeOnEachDriver } from './throwaway-db'

ordersConfigForFile()

describeOnEachDriver('staff refund controls', (driver) => {
  let tdb: TestDb
  let db: Db
  let hook: Awaited<ReturnType<typeof startWebhookEndpoint>>
  let sku: SkuPick

  beforeAll(async () => {
    testDataDir()
    tdb = await openTestDb(driver)
    db = tdb.db
    hook = await startWebhookEndpoint(db)
    sku = await pickSku(db, 'topup')
  }, 120_000)
  afterAll(async () => {
    setClockOffset(0)
    await hook?.close()
    await tdb?.close()
  })

  async function staff(role: 'support' | 'admin'): Promise<Caller> {
    const id = await makeUser(db, role)
    const [row] = await db
      .update(t.users)
      .set({ role })
      .where(eq(t.users.id, id))
      .returning({ id: t.users.id, email: t.users.email })
    return { ...row!, role }
  }

  async function deliveredOrder(buyer?: string) {
    const userId = buyer ?? (await makeUser(db))
    const orderId = await createPaidOrder(db, userId, orderInput(sku), hook.url)
    await settle(db)
    expect(await orderStatus(db, orderId)).toBe('delivered')
    const [order] = await db.select().from(t.orders).where(eq(t.orders.id, orderId))
    return { orderId, userId, total: order!.totalMinor, currency: order!.currency }
  }

  const refundRows = (orderId: string) => db.select().from(t.refunds).where(eq(t.refunds.orderId, orderId))

  it('refuses staff refunding their own order, to credit or card: the self-refund loop is closed', async () => {
    const support = await staff('support')
    const admin = await staff('admin')
    // The loop of issue 34: support buys a top-up, refunds it into its own credit, buys again with it.
    const own = await deliveredOrder(support.id)
    for (const destination of ['credit', 'original'] as const) {
      expect(await refusal(refundAsStaff(db, support, own.orderId, { destination }))).toEqual({
        code: 'FORBIDDEN',
        issues: ['own_order'],
      })
    }
    expect(await availableCredit(db, support.id, own.currency)).toBe(0)
    expect(await refundRows(own.orderId)).toEqual([])
    // An admin is staff too: their own order is another admin's to refund.
    const adminsOwn = await deliveredOrder(admin.id)
    expect(await refusal(refundAsStaff(db, admin, adminsOwn.orderId, { destination: 'credit' }))).toEqual({
      code: 'FORBIDDEN',
      issues: ['own_order'],
    })
    // A second support member asks for it above the limit; the buyer cannot approve it either.
    const colleague = await staff('support')
    const restore = overrideConfig({ SUPPORT_REFUND_LIMIT_MINOR: '1' })
    try {
      const asked = await refundAsStaff(db, colleague, own.orderId, { destination: 'credit' })
      expect(asked).toMatchObject({ status: 'awaiting_approval', amountMinor: own.total })
      const [pending] = await refundApprovalsOf(db, own.orderId)
      expect(await refusal(decideRefundApproval(db, support, pending!.id, 'approve'))).toEqual({
        code: 'FORBIDDEN',
        issues: ['own_order'],
      })
      expect((await refundApprovalsOf(db, own.orderId))[0]).toMatchObject({ status: 'pending' })
    } finally {
      restore()
    }
    expect(await availableCredit(db, support.id, own.currency)).toBe(0)
    // The admin may refund the support member's order.
    await refundAsStaff(db, admin, own.orderId, { destination: 'credit' })
    expect(await availableCredit(db, support.id, own.currency)).toBe(own.total)
    const audit = await listAudit(db, { targetType: 'order', targetId: own.orderId })
    expect(audit.map((e) => [e.action, e.actor])).toEqual(
      expect.arrayContaining([
        ['order.refund_approval_request', colleague.email],
        ['order.refund', admin.email],
      ]),
    )
  })

  it('counts the support limit per order: slices beyond it are refused, an admin can still refund', async () => {
    const support = await staff('support')
    const admin = await staff('admin')
    const order = await deliveredOrder()
    const limit = Math.floor(order.total / 2)
    const slice = Math.floor(limit / 2) + 1
    const restore = overrideConfig({ SUPPORT_REFUND_LIMIT_MINOR: String(limit) })
    try {
      await refundAsStaff(db, support, order.orderId, { amountMinor: slice })
      // A colleague's slice counts too: the limit is the support role's, per order.
      const colleague = await staff('support')
      expect(await refusal(refundAsStaff(db, colleague, order.orderId, { amountMinor: slice }))).toEqual({
        code: 'FORBIDDEN',
        issues: ['above_order_refund_limit'],
      })
      expect(await refusal(refundAsStaff(db, support, order.orderId, { amountMinor: limit + 1 }))).toEqual({
        code: 'FORBIDDEN',
        issues: ['above_refund_limit'],
      })
      expect(await refundRows(order.orderId)).toHaveLength(1)
      await refundAsStaff(db, admin, order.orderId, { amountMinor: order.total - slice })
    } finally {
      restore()
    }
    expect(await refundRows(order.orderId)).toHaveLength(2)
  })

  it('counts the support limit per staff member per day, on the one clock', async () => {
    const support = await staff('support')
    const a = await deliveredOrder()
    const b = await deliveredOrder()
    const limit = Math.floor(a.total / 2)
    const restore = overrideConfig({
      SUPPORT_REFUND_LIMIT_MINOR: String(limit),
      SUPPORT_REFUND_DAILY_LIMIT_MINOR: String(limit + 1),
    })
    try {
      await refundAsStaff(db, support, a.orderId, { amountMinor: limit })
      expect(await refusal(refundAsStaff(db, support, b.orderId, { amountMinor: 2 }))).toEqual({
        code: 'FORBIDDEN',
        issues: ['above_daily_refund_limit'],
      })
      await refundAsStaff(db, support, b.orderId, { amountMinor: 1 })
      expect(await refusal(refundAsStaff(db, support, b.orderId, { amountMinor: 1 }))).toMatchObject({
        issues: ['above_daily_refund_limit'],
      })
      // A day later the staff member's day starts again.
      setClockOffset(DAY_MS + 60_000)
      await refundAsStaff(db, support, b.orderId, { amountMinor: 1 })
    } finally {
      setClockOffset(0)
      restore()
    }
    expect(await refundRows(b.orderId)).toHaveLength(2)
  })

  it('makes a support refund to credit above the limit wait for a different staff member', async () => {
    const support = await staff('support')
    const approver = await staff('support')
    const order = await deliveredOrder()
    const restore = overrideConfig({ SUPPORT_REFUND_LIMIT_MINOR: String(Math.floor(order.total / 2)) })
    try {
      // Through the gateway it is refused as before; to credit it waits.
      expect(await refusal(refundAsStaff(db, support, order.orderId, {}))).toEqual({
        code: 'FORBIDDEN',
        issues: ['above_refund_limit'],
      })
      const asked = await refundAsStaff(db, support, order.orderId, { destination: 'credit', reason: 'late' })
      expect(asked).toMatchObject({ status: 'awaiting_approval', amountMinor: order.total, destination: 'credit' })
      expect(await refundRows(order.orderId)).toEqual([])
      expect(await availableCredit(db, order.userId, order.currency)).toBe(0)
      const [pending] = await refundApprovalsOf(db, order.orderId)
      expect(pending).toMatchObject({ status: 'pending', requestedBy: support.email, amountMinor: order.total })

      // The one who asked cannot approve (nor reject) their own request.
      for (const decision of ['approve', 'reject'] as const) {
        expect(await refusal(decideRefundApproval(db, support, pending!.id, decision))).toEqual({
          code: 'CONFLICT',
          issues: ['second_approver_required'],
        })
      }
      expect(await refundRows(order.orderId)).toEqual([])

      const approved = await decideRefundApproval(db, approver, pending!.id, 'approve')
      expect(approved).toMatchObject({ status: 'approved', refundId: expect.any(String) })
      expect(await availableCredit(db, order.userId, order.currency)).toBe(order.total)
      expect(await refundApprovalsOf(db, order.orderId)).toMatchObject([
        { status: 'approved', decidedBy: approver.email },
      ])
      expect(await refusal(decideRefundApproval(db, approver, pending!.id, 'approve'))).toEqual({
        code: 'CONFLICT',
        issues: ['invalid_transition'],
      })
      await settle(db)
      expect(await orderStatus(db, order.orderId)).toBe('refunded')
    } finally {
      restore()
    }
    const audit = await listAudit(db, { targetType: 'order', targetId: order.orderId })
    expect(audit.map((e) => [e.action, e.actor])).toEqual(
      expect.arrayContaining([
        ['order.refund_approval_request', support.email],
        ['order.refund_approval_approve', approver.email],
        ['order.refund', approver.email],
      ]),
    )
  })

  it('a rejected request refunds nothing', async () => {
    const support = await staff('support')
    const admin = await staff('admin')
    const order = await deliveredOrder()
    const restore = overrideConfig({ SUPPORT_REFUND_LIMIT_MINOR: '1' })
    try {
      await refundAsStaff(db, support, order.orderId, { destination: 'credit', amountMinor: 2 })
      const [pending] = await refundApprovalsOf(db, order.orderId)
      expect(await decideRefundApproval(db, admin, pending!.id, 'reject')).toMatchObject({
        status: 'rejected',
        refundId: null,
      })
    } finally {
      restore()
    }
    expect(await refundRows(order.orderId)).toEqual([])
    expect(await listAudit(db, { targetId: order.orderId, action: 'order.refund_approval_reject' })).toHaveLength(1)
  })
})

/**
 * The second approval of a support refund to store credit above the limit (ADR 110), like a large
 * withdrawal's: the request waits in refund_approvals; a different staff member approves it (the
 * refund is made then, by them, under the order's lock with every other check of refundOrder —
 * their own order is refused too) or rejects it. The decision is a guarded transition of the
 * locked row: two staff deciding at once, one wins, the other gets CONFLICT. Audited.
 */
import { and, desc, eq } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { recordAudit } from '~/modules/audit/audit.server'
import { AppError } from '~/modules/errors/app-error'
import { now } from '~/modules/time/clock'
import type { Db } from '~/server/db/client'
import { refundApprovals, users } from '~/server/db/schema'
import { refundOrder } from './refund-order.server'
import type { RefundApprovalView } from './orders.schemas'

interface Staff {
  id: string
  email: string
}

const requester = alias(users, 'requester')
const decider = alias(users, 'decider')

/** One order's approval requests, newest first (staff). */
export async function refundApprovalsOf(db: Db, orderId: string): Promise<RefundApprovalView[]> {
  const rows = await db
    .select({ row: refundApprovals, requestedBy: requester.email, decidedBy: decider.email })
    .from(refundApprovals)
    .leftJoin(requester, eq(requester.id, refundApprovals.requestedBy))
    .leftJoin(decider, eq(decider.id, refundApprovals.decidedBy))
    .where(eq(refundApprovals.orderId, orderId))
    .orderBy(desc(refundApprovals.createdAt))
    .limit(50)
  return rows.map(({ row, requestedBy, decidedBy }) => ({
    id: row.id,
    orderId: row.orderId,
    amountMinor: row.amountMinor,
    currency: row.currency,
    reason: row.reason,
    status: row.status,
    requestedBy,
    requestedById: row.requestedBy,
    decidedBy,
    createdAt: row.createdAt.toISOString(),
  }))
}

/** All requests waiting for a decision, oldest first (the admins' queue). */
export async function pendingRefundApprovals(db: Db): Promise<RefundApprovalView[]> {
  const rows = await db
    .select({ row: refundApprovals, requestedBy: requester.email })
    .from(refundApprovals)
    .leftJoin(requester, eq(requester.id, refundApprovals.requestedBy))
    .where(eq(refundApprovals.status, 'pending'))
    .orderBy(refundApprovals.createdAt)
    .limit(200)
  return rows.map(({ row, requestedBy }) => ({
    id: row.id,
    orderId: row.orderId,
    amountMinor: row.amountMinor,
    currency: row.currency,
    reason: row.reason,
    status: row.status,
    requestedBy,
    requestedById: row.requestedBy,
    decidedBy: null,
    createdAt: row.createdAt.toISOString(),
  }))
}

/**
 * Approves (the refund to credit is made now) or rejects a pending request. NOT_FOUND for an
 * unknown id, CONFLICT `invalid_transition` once decided, CONFLICT `second_approver_required`
 * when the staff member who asked decides; what refundOrder refuses (the order's own checks,
 * nothing left to refund) leaves the request pending.
 */
export async function decideRefundApproval(db: Db, staff: Staff, id: string, decision: 'approve' | 'reject') {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(refundApprovals).where(eq(refundApprovals.id, id)).for('update')
    if (!row) throw new AppError('NOT_FOUND', 'Refund approval not found')
    if (row.status !== 'pending') {
      throw new AppError('CONFLICT', `This refund was already ${row.status}`, {
        issues: [{ path: 'status', message: 'invalid_transition' }],
      })
    }
    if (row.requestedBy === staff.id) {
      throw new AppError('CONFLICT', 'A different staff member must decide on this refund', {
        issues: [{ path: 'approver', message: 'second_approver_required' }],
      })
    }
    const refund =
      decision === 'approve'
        ? await refundOrder(
            tx,
            row.orderId,
            { actor: staff },
            { amountMinor: row.amountMinor, destination: 'credit', ...(row.reason ? { reason: row.reason } : {}) },
          )
        : undefined
    const refundId = refund && 'refundId' in refund ? refund.refundId : null
    const status = decision === 'approve' ? ('approved' as const) : ('rejected' as const)
    await tx
      .update(refundApprovals)
      .set({ status, decidedBy: staff.id, decidedAt: now(), refundId })
      .where(and(eq(refundApprovals.id, id), eq(refundApprovals.status, 'pending')))
    await recordAudit(tx, staff, {
      action: `order.refund_approval_${decision}`,
      targetType: 'order',
      targetId: row.orderId,
      before: { approvalId: id, status: 'pending' },
      after: {
        approvalId: id,
        status,
        amountMinor: row.amountMinor,
        currency: row.currency,
        ...(refundId ? { refundId } : {}),
      },
    })
    return { id, orderId: row.orderId, status, refundId }
  })
}

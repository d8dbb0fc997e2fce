/**
 * What staff may refund (ADR 110), checked under the order's lock by refundOrder:
 * - nobody on the staff refunds their own order (`own_order`): another staff member must;
 * - the support role's limit counts per order: its refunds on one order together stay within
 *   SUPPORT_REFUND_LIMIT_MINOR. Beyond it, a refund through the gateway is refused
 *   (`above_refund_limit` for one refund, `above_order_refund_limit` for the sum) and a refund to
 *   store credit waits for a different staff member's approval (refund_approvals);
 * - one support member refunds at most SUPPORT_REFUND_DAILY_LIMIT_MINOR in 24 hours
 *   (`above_daily_refund_limit`), counted on the one clock. Their user row is locked while the sum
 *   is read, so refunds of several orders at once cannot pass the limit together.
 */
import { and, eq, gt, ne, sql } from 'drizzle-orm'
import { recordAudit } from '~/modules/audit/audit.server'
import { AppError } from '~/modules/errors/app-error'
import { now } from '~/modules/time/clock'
import { DAY_MS } from '~/modules/time/days'
import type { Db } from '~/server/db/client'
import { refundApprovals, refunds, users } from '~/server/db/schema'
import type { LockedOrder } from './order-lock.server'
import type { RefundDestination } from './refunds'

export interface SupportRefundLimits {
  /** Largest sum the support role refunds on one order (one refund included). */
  perOrderMinor: number
  /** Largest sum one support member refunds in 24 hours. */
  dailyMinor: number
}

interface StaffActor {
  id: string
  email: string
}

/** Staff never refund an order they bought themselves. */
export function refuseOwnOrder(order: Pick<LockedOrder, 'userId'>, actor: StaffActor): void {
  if (order.userId === actor.id) {
    throw new AppError('FORBIDDEN', 'You cannot refund your own order: another staff member must', {
      issues: [{ path: '', message: 'own_order' }],
    })
  }
}

const notFailed = ne(refunds.status, 'failed')

async function sumRefunds(tx: Db, where: ReturnType<typeof and>): Promise<number> {
  const [row] = await tx
    .select({ sum: sql<string | number | null>`coalesce(sum(${refunds.amountMinor}), 0)` })
    .from(refunds)
    .innerJoin(users, eq(users.id, refunds.requestedBy))
    .where(where)
  return Number(row?.sum ?? 0)
}

/**
 * 'ok' when the support member may refund `amountMinor` now, 'needs_approval' for a refund to
 * store credit beyond the per-order limit; throws FORBIDDEN for anything else beyond a limit.
 */
export async function checkSupportLimits(
  tx: Db,
  actor: StaffActor,
  limits: SupportRefundLimits,
  ask: { orderId: string; amountMinor: number; destination: RefundDestination },
): Promise<'ok' | 'needs_approval'> {
  const onOrder = await sumRefunds(tx, and(eq(refunds.orderId, ask.orderId), eq(users.role, 'support'), notFailed))
  if (onOrder + ask.amountMinor > limits.perOrderMinor) {
    if (ask.destination === 'credit') return 'needs_approval'
    const single = ask.amountMinor > limits.perOrderMinor
    throw new AppError(
      'FORBIDDEN',
      single
        ? 'This refund is above your refund limit: ask an admin'
        : 'Refunds by support on this order would pass the limit: ask an admin',
      { issues: [{ path: 'amountMinor', message: single ? 'above_refund_limit' : 'above_order_refund_limit' }] },
    )
  }
  await tx.select({ id: users.id }).from(users).where(eq(users.id, actor.id)).for('update')
  const since = new Date(now().getTime() - DAY_MS)
  const today = await sumRefunds(tx, and(eq(refunds.requestedBy, actor.id), gt(refunds.createdAt, since), notFailed))
  if (today + ask.amountMinor > limits.dailyMinor) {
    throw new AppError('FORBIDDEN', 'This refund would pass your daily refund limit: ask an admin', {
      issues: [{ path: 'amountMinor', message: 'above_daily_refund_limit' }],
    })
  }
  return 'ok'
}

/** Records a support refund to credit that waits for a second staff member (audited). */
export async function askRefundApproval(
  tx: Db,
  actor: StaffActor,
  ask: { orderId: string; amountMinor: number; currency: string; reason?: string },
) {
  const [row] = await tx
    .insert(refundApprovals)
    .values({
      orderId: ask.orderId,
      amountMinor: ask.amountMinor,
      currency: ask.currency,
      reason: ask.reason || null,
      requestedBy: actor.id,
      createdAt: now(),
    })
    .returning()
  await recordAudit(tx, actor, {
    action: 'order.refund_approval_request',
    targetType: 'order',
    targetId: ask.orderId,
    before: null,
    after: {
      approvalId: row!.id,
      status: 'pending',
      amountMinor: ask.amountMinor,
      currency: ask.currency,
      destination: 'credit',
      ...(ask.reason ? { reason: ask.reason } : {}),
    },
  })
  return {
    orderId: ask.orderId,
    approvalId: row!.id,
    amountMinor: ask.amountMinor,
    currency: ask.currency,
    destination: 'credit' as const,
    status: 'awaiting_approval' as const,
  }
}

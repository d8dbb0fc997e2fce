/**
 * Staff refund an order, in full or in part, once money was captured: paid, fulfilling, delivered
 * or failed. Each request is a refunds row whose job asks the gateway (see refunds.server.ts);
 * the refund that brings the total to the captured amount moves the order to `refunded`, which
 * stops a fulfilment still under way and reverses the promoter's commission.
 */
import type { Db } from '~/server/db/client'
import { recordAudit, type AuditActor } from '~/modules/audit/audit.server'
import { AppError, toAppError } from '~/modules/errors/app-error'
import { refundInputSchema } from './orders.schemas'
import { isRefundable, type RefundDestination } from './refunds'
import { lockOrder } from './order-lock.server'
import { orderMoney } from './refund-money.server'
import { requestOrderRefunds } from './refund-requests.server'
import { settleCreditRefunds } from './refunds.server'
import { capturedCreditMinor } from '~/modules/store-credit/holds.server'
import { noteOrderEvent } from './timeline.server'
import {
  askRefundApproval,
  checkSupportLimits,
  refuseOwnOrder,
  type SupportRefundLimits,
} from './staff-refund-limits.server'

export interface RefundRequested {
  orderId: string
  /** The card or wallet payment refunded; null when only the credit part was. */
  paymentId: string | null
  /** The first refund row written (the card part when there is one). */
  refundId: string
  refundIds: string[]
  amountMinor: number
  currency: string
  destination: RefundDestination
  /** What is left to refund after this request. */
  refundableMinor: number
  /** refund_pending: the gateway is giving it back; credited: it is in the shopper's store credit. */
  status: 'refund_pending' | 'credited'
}

/** A support refund to store credit above the limit: recorded, made when a different staff member approves. */
export interface RefundAwaitingApproval {
  orderId: string
  approvalId: string
  amountMinor: number
  currency: string
  destination: 'credit'
  status: 'awaiting_approval'
}

/** Who asks for the refund, and the support role's limits (none: admins, the command line). */
export interface Refunder {
  actor: AuditActor
  limits?: SupportRefundLimits
}

/**
 * Queues a refund of `amountMinor` (default: all that is left), from the card or wallet part
 * first, then the store-credit part (which always goes back as credit); with destination
 * `credit` the card part goes to store credit too, at once. INVALID_INPUT for an input that
 * refundInputSchema refuses. CONFLICT when the order is not refundable (`not_refundable`),
 * nothing is left while refunds are under way (`refund_pending`) or the amount is above what is
 * left (`above_refundable`); FORBIDDEN `own_order` when staff refund their own order, and the
 * support role's limits (staff-refund-limits.server.ts): a refund to store credit beyond them waits
 * for a second staff member's approval (RefundAwaitingApproval), any other is refused. The order row is locked while the rest is summed and the rows written,
 * so concurrent requests never add up to more than was paid. The request is in the audit log,
 * in the same transaction.
 */
export function refundOrder(
  db: Db,
  orderId: string,
  by: Refunder & { limits?: undefined },
  input?: unknown,
): Promise<RefundRequested>
export function refundOrder(
  db: Db,
  orderId: string,
  by: Refunder,
  input?: unknown,
): Promise<RefundRequested | RefundAwaitingApproval>
export async function refundOrder(
  db: Db,
  orderId: string,
  by: Refunder,
  input: unknown = {},
): Promise<RefundRequested | RefundAwaitingApproval> {
  const parsed = refundInputSchema.safeParse(input)
  if (!parsed.success) throw toAppError(parsed.error)
  const { amountMinor, reason, destination } = parsed.data
  return db.transaction(async (tx): Promise<RefundRequested | RefundAwaitingApproval> => {
    const order = await lockOrder(tx, orderId)
    if (!isRefundable(order.status)) {
      throw new AppError('CONFLICT', `Order is ${order.status}, not refundable`, {
        issues: [{ path: 'status', message: 'not_refundable' }],
      })
    }
    const money = await orderMoney(tx, orderId)
    if (!money) {
      throw new AppError('CONFLICT', 'No captured payment to refund', {
        issues: [{ path: 'payment', message: 'not_refundable' }],
      })
    }
    if (money.refundableMinor === 0) {
      throw new AppError('CONFLICT', 'The rest of the payment is already being refunded', {
        issues: [{ path: 'status', message: 'refund_pending' }],
      })
    }
    const amount = amountMinor ?? money.refundableMinor
    if (amount > money.refundableMinor) {
      throw new AppError('CONFLICT', `At most ${money.refundableMinor} can still be refunded`, {
        issues: [{ path: 'amountMinor', message: 'above_refundable' }],
      })
    }
    if (by.actor !== 'command line') {
      refuseOwnOrder(order, by.actor)
      if (by.limits) {
        const verdict = await checkSupportLimits(tx, by.actor, by.limits, { orderId, amountMinor: amount, destination })
        if (verdict === 'needs_approval') {
          return askRefundApproval(tx, by.actor, { orderId, amountMinor: amount, currency: money.currency, reason })
        }
      }
    }
    const rows = await requestOrderRefunds(tx, orderId, money, amount, {
      destination,
      reason,
      requestedBy: by.actor === 'command line' ? null : by.actor.id,
    })
    for (const refund of rows) {
      await noteOrderEvent(tx, orderId, 'refund_requested', {
        by: 'operator',
        paymentId: refund.paymentId,
        refundId: refund.id,
        amountMinor: refund.amountMinor,
        currency: refund.currency,
        destination: refund.destination,
      })
    }
    const paidBefore = (money.card?.amountMinor ?? 0) + (await capturedCreditMinor(tx, orderId))
    const refundedBefore = paidBefore - money.refundableMinor
    const first = rows[0]!
    await recordAudit(tx, by.actor, {
      action: 'order.refund',
      targetType: 'order',
      targetId: orderId,
      before: { status: order.status, refundedMinor: refundedBefore },
      after: {
        status: order.status,
        refund: 'requested',
        refundId: first.id,
        amountMinor: amount,
        currency: money.currency,
        refundedMinor: refundedBefore + amount,
        ...(destination === 'credit' || rows.some((r) => r.paymentId === null) ? { destination: 'credit' } : {}),
        ...(first.reason ? { reason: first.reason } : {}),
      },
    })
    await settleCreditRefunds(tx, rows)
    const allCredit = rows.every((r) => r.destination === 'credit')
    return {
      orderId,
      paymentId: rows.find((r) => r.paymentId)?.paymentId ?? null,
      refundId: first.id,
      refundIds: rows.map((r) => r.id),
      amountMinor: amount,
      currency: money.currency,
      destination: allCredit ? ('credit' as const) : ('original' as const),
      refundableMinor: money.refundableMinor - amount,
      status: allCredit ? ('credited' as const) : ('refund_pending' as const),
    }
  })
}

/**
 * Staff refund an order, in full or in part, once money was captured: paid, fulfilling, delivered
 * or failed. Each request is a refunds row whose job asks the gateway (see refunds.server.ts);
 * the refund that brings the total to the captured amount moves the order to `refunded`, which
 * stops a fulfilment still under way and reverses the promoter's commission.
 */
import type { Db } from '../../server/db/client'
import { recordAudit, type AuditActor } from '../admin/audit.server'
import { AppError, toAppError } from '../errors/app-error'
import { refundInputSchema } from './orders.schemas'
import { isRefundable } from './refunds'
import { orderPayment, requestRefund } from './refunds.server'
import { lockOrder, noteOrderEvent } from './transition.server'

export interface RefundRequested {
  orderId: string
  paymentId: string
  refundId: string
  amountMinor: number
  currency: string
  /** What is left to refund after this request. */
  refundableMinor: number
  status: 'refund_pending'
}

/** Who asks for the refund, and the largest amount they may refund at once (none: no limit). */
export interface Refunder {
  actor: AuditActor
  limitMinor?: number
}

/**
 * Queues a refund of `amountMinor` (default: all that is left); INVALID_INPUT for an input that
 * refundInputSchema refuses. CONFLICT when the order is not
 * refundable (`not_refundable`), nothing is left while refunds are under way (`refund_pending`)
 * or the amount is above what is left (`above_refundable`); FORBIDDEN (`above_refund_limit`) when
 * the amount is more than the refunder may give back. The order row is locked while the rest is
 * summed and the row written, so concurrent requests never add up to more than was captured.
 * The request is in the audit log, in the same transaction.
 */
export async function refundOrder(
  db: Db,
  orderId: string,
  by: Refunder,
  input: unknown = {},
): Promise<RefundRequested> {
  const parsed = refundInputSchema.safeParse(input)
  if (!parsed.success) throw toAppError(parsed.error)
  const { amountMinor, reason } = parsed.data
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId)
    if (!isRefundable(order.status)) {
      throw new AppError('CONFLICT', `Order is ${order.status}, not refundable`, {
        issues: [{ path: 'status', message: 'not_refundable' }],
      })
    }
    const paid = await orderPayment(tx, orderId)
    if (!paid) {
      throw new AppError('CONFLICT', 'No captured payment to refund', {
        issues: [{ path: 'payment', message: 'not_refundable' }],
      })
    }
    if (paid.refundableMinor === 0) {
      throw new AppError('CONFLICT', 'The rest of the payment is already being refunded', {
        issues: [{ path: 'status', message: 'refund_pending' }],
      })
    }
    const amount = amountMinor ?? paid.refundableMinor
    if (amount > paid.refundableMinor) {
      throw new AppError('CONFLICT', `At most ${paid.refundableMinor} can still be refunded`, {
        issues: [{ path: 'amountMinor', message: 'above_refundable' }],
      })
    }
    if (by.limitMinor !== undefined && amount > by.limitMinor) {
      throw new AppError('FORBIDDEN', 'This refund is above your refund limit: ask an admin', {
        issues: [{ path: 'amountMinor', message: 'above_refund_limit' }],
      })
    }
    const refund = await requestRefund(tx, {
      orderId,
      paymentId: paid.id,
      amountMinor: amount,
      currency: paid.currency,
      reason,
      requestedBy: by.actor === 'command line' ? null : by.actor.id,
    })
    await noteOrderEvent(tx, orderId, 'refund_requested', {
      by: 'operator',
      paymentId: paid.id,
      refundId: refund.id,
      amountMinor: amount,
      currency: paid.currency,
    })
    const refundedBefore = paid.amountMinor - paid.refundableMinor
    await recordAudit(tx, by.actor, {
      action: 'order.refund',
      targetType: 'order',
      targetId: orderId,
      before: { status: order.status, refundedMinor: refundedBefore },
      after: {
        status: order.status,
        refund: 'requested',
        refundId: refund.id,
        amountMinor: amount,
        currency: paid.currency,
        refundedMinor: refundedBefore + amount,
        ...(refund.reason ? { reason: refund.reason } : {}),
      },
    })
    return {
      orderId,
      paymentId: paid.id,
      refundId: refund.id,
      amountMinor: amount,
      currency: paid.currency,
      refundableMinor: paid.refundableMinor - amount,
      status: 'refund_pending' as const,
    }
  })
}

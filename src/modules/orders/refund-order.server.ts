/**
 * An operator refunds a delivered order (goodwill, chargeback): the captured payment goes back
 * through the gateway by the same refund job a failed delivery uses, and the job moves the order
 * to `refunded` — which enqueues the mail and 'affiliate.order-refunded' (commission reversed).
 * Orders still paid or fulfilling are not refundable yet: they end delivered (refund then) or
 * failed (refunded automatically).
 */
import { and, eq } from 'drizzle-orm'
import type { Db } from '../../server/db/client'
import { orderEvents, payments } from '../../server/db/schema'
import { enqueue } from '../../server/jobs/queue'
import { recordAudit, type AuditActor } from '../admin/audit.server'
import { AppError } from '../errors/app-error'
import { QUEUES } from './queues'
import { lockOrder, noteOrderEvent } from './transition.server'

const REFUNDABLE = new Set(['delivered'])

export interface RefundRequested {
  orderId: string
  paymentId: string
  status: 'refund_pending'
}

/** Who asks for the refund, and the largest amount they may refund (none: no limit). */
export interface Refunder {
  actor: AuditActor
  limitMinor?: number
}

/**
 * Queues the refund of `orderId`; CONFLICT when it is not refundable or already being refunded,
 * FORBIDDEN (`above_refund_limit`) when the payment is more than the refunder may give back. The
 * request is in the audit log, in the same transaction.
 */
export async function refundOrder(db: Db, orderId: string, by: Refunder): Promise<RefundRequested> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId)
    if (!REFUNDABLE.has(order.status)) {
      throw new AppError('CONFLICT', `Order is ${order.status}, not refundable`, {
        issues: [{ path: 'status', message: 'not_refundable' }],
      })
    }
    const [requested] = await tx
      .select({ id: orderEvents.id })
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.type, 'refund_requested')))
      .limit(1)
    if (requested) {
      throw new AppError('CONFLICT', 'A refund is already under way', {
        issues: [{ path: 'status', message: 'refund_pending' }],
      })
    }
    const [paid] = await tx
      .select({ id: payments.id, amountMinor: payments.amountMinor, currency: payments.currency })
      .from(payments)
      .where(and(eq(payments.orderId, orderId), eq(payments.status, 'succeeded')))
      .orderBy(payments.createdAt)
      .limit(1)
    if (!paid) {
      throw new AppError('CONFLICT', 'No captured payment to refund', {
        issues: [{ path: 'payment', message: 'not_refundable' }],
      })
    }
    if (by.limitMinor !== undefined && paid.amountMinor > by.limitMinor) {
      throw new AppError('FORBIDDEN', 'This refund is above your refund limit: ask an admin', {
        issues: [{ path: 'amountMinor', message: 'above_refund_limit' }],
      })
    }
    await noteOrderEvent(tx, orderId, 'refund_requested', { by: 'operator', paymentId: paid.id })
    await recordAudit(tx, by.actor, {
      action: 'order.refund',
      targetType: 'order',
      targetId: orderId,
      before: { status: order.status },
      after: { status: order.status, refund: 'requested', amountMinor: paid.amountMinor, currency: paid.currency },
    })
    await enqueue(tx, {
      queue: QUEUES.refund,
      payload: { paymentId: paid.id, refundOrder: true },
      dedupeKey: `refund:${paid.id}`,
      maxAttempts: 10,
    })
    return { orderId, paymentId: paid.id, status: 'refund_pending' as const }
  })
}

/**
 * The only way an order changes status: lock the row, check the transition table, update, append
 * the timeline event and enqueue the effects of the new status — all in the caller's
 * transaction, so a status and its consequences (fulfilment, mail, coupon use, affiliate
 * commission) commit or vanish together.
 */
import { eq, sql } from 'drizzle-orm'
import type { Db } from '~/server/db/client'
import { orderEvents, orders } from '~/server/db/schema'
import { enqueue, enqueueAll } from '~/server/jobs/queue'
import { releaseCoupons, redeemCoupons } from '~/modules/coupons/coupons.server'
import { captureCredit, releaseCredit } from '~/modules/store-credit/holds.server'
import { AppError } from '~/modules/errors/app-error'
import { canTransition, COUPON_RELEASING_STATUSES, type OrderStatus } from './order-status'
import { QUEUES } from './queues'
import { openPlayerFixWindow } from './player-fix-window.server'
import { orderMoney, requestOrderRefunds, settleCreditRefunds } from './refunds.server'
import type { RefundDestination } from './refunds'
import { announceStatusChange } from './status-wait.server'

export interface LockedOrder {
  id: string
  status: OrderStatus
  userId: string
  totalMinor: number
  /** The part of the total paid with store credit. */
  creditMinor: number
  /** The buyer signed up through a promoter: the order's steps concern the affiliate programme. */
  referred: boolean
  currency: string
  expiresAt: Date | null
}

/** SELECT … FOR UPDATE: callers that decide on the status take this lock first. */
export async function lockOrder(tx: Db, orderId: string): Promise<LockedOrder> {
  const [row] = await tx
    .select({
      id: orders.id,
      status: orders.status,
      userId: orders.userId,
      totalMinor: orders.totalMinor,
      creditMinor: orders.creditMinor,
      // Read with the lock (no extra round trip): orders of shoppers nobody referred queue no
      // affiliate jobs (issue 11: fewer queries per paid order).
      referred: sql<boolean>`exists (select 1 from referrals r where r.user_id = ${orders.userId})`,
      currency: orders.currency,
      expiresAt: orders.expiresAt,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update')
  if (!row) throw new AppError('NOT_FOUND', `Order ${orderId} does not exist`)
  return row
}

/**
 * Moves the order to `to` if the table allows it from its current status; returns the previous
 * status, or null when the move is not allowed (already there, or past it): callers treat that as
 * "someone else got there first", which is what makes retries and duplicate events harmless.
 */
export async function transitionOrder(
  tx: Db,
  orderId: string,
  to: OrderStatus,
  data: Record<string, unknown> = {},
): Promise<OrderStatus | null> {
  const order = await lockOrder(tx, orderId)
  if (!canTransition(order.status, to)) return null
  await tx
    .update(orders)
    .set({ status: to, updatedAt: sql`now()` })
    .where(eq(orders.id, orderId))
  await tx.insert(orderEvents).values({ orderId, type: 'status', fromStatus: order.status, toStatus: to, data })
  await onEnter(tx, order, to)
  await announceStatusChange(tx, orderId)
  return order.status
}

/** A timeline note that is not a status change (payment attempt, delivery proof...). */
export async function noteOrderEvent(
  tx: Db,
  orderId: string,
  type: string,
  data: Record<string, unknown> = {},
): Promise<void> {
  await tx.insert(orderEvents).values({ orderId, type, data })
}

async function onEnter(tx: Db, order: LockedOrder, status: OrderStatus): Promise<void> {
  const orderId = order.id
  const payload = { orderId }
  const hasCredit = order.creditMinor > 0
  if (COUPON_RELEASING_STATUSES.includes(status)) await releaseCoupons(tx, orderId)
  // An order that will never be paid gives its held store credit back (ADR 058).
  if (hasCredit && (status === 'cancelled' || status === 'expired')) await releaseCredit(tx, orderId)
  switch (status) {
    case 'paid':
      if (hasCredit) await captureCredit(tx, orderId)
      await redeemCoupons(tx, orderId)
      await enqueueAll(tx, [
        { queue: QUEUES.fulfil, payload, dedupeKey: `fulfil:${orderId}`, maxAttempts: 10 },
        { queue: QUEUES.mail, payload: { orderId, kind: 'receipt' }, dedupeKey: `mail:receipt:${orderId}` },
        ...(order.referred
          ? [{ queue: QUEUES.affiliatePaid, payload, dedupeKey: `${QUEUES.affiliatePaid}:${orderId}` }]
          : []),
      ])
      break
    case 'delivered':
      await enqueueAll(tx, [
        { queue: QUEUES.mail, payload: { orderId, kind: 'delivered' }, dedupeKey: `mail:delivered:${orderId}` },
        ...(order.referred
          ? [{ queue: QUEUES.affiliateDelivered, payload, dedupeKey: `${QUEUES.affiliateDelivered}:${orderId}` }]
          : []),
      ])
      break
    case 'failed':
      // Paid but not deliverable: give the money back without anyone having to ask.
      await enqueueOrderRefund(tx, orderId)
      break
    case 'needs_player_details':
      // No refund yet: the shopper gets a deadline, a mail and a job that refunds when it passes.
      await openPlayerFixWindow(tx, orderId)
      break
    case 'refunded':
      // The shopper's mail goes with the refund that completed it (one mail per refund).
      if (!order.referred) break
      await enqueue(tx, {
        queue: QUEUES.affiliateRefunded,
        payload,
        dedupeKey: `${QUEUES.affiliateRefunded}:${orderId}`,
      })
      break
    default:
      break
  }
}

/**
 * Everything not yet refunded goes back (the card or wallet part to where it came from, unless the
 * shopper asked for store credit; the credit part as credit); refunds already asked for keep their
 * share. Run again it finds nothing left to refund, so it never gives money back twice.
 */
export async function enqueueOrderRefund(
  tx: Db,
  orderId: string,
  reason: 'delivery_failed' | 'player_fix_expired' | 'shopper_chose_credit' = 'delivery_failed',
  destination: RefundDestination = 'original',
): Promise<void> {
  const money = await orderMoney(tx, orderId)
  if (!money) {
    // Nothing was captured (cannot happen for a paid order, but never invent a refund).
    await noteOrderEvent(tx, orderId, 'refund_skipped', { reason: 'no_captured_payment' })
    return
  }
  if (money.refundableMinor === 0) return // the refunds under way already cover it all
  const rows = await requestOrderRefunds(tx, orderId, money, money.refundableMinor, {
    destination,
    reason,
    requestedBy: null,
  })
  for (const refund of rows) {
    await noteOrderEvent(tx, orderId, 'refund_requested', {
      by: reason === 'shopper_chose_credit' ? 'shopper' : 'shop',
      paymentId: refund.paymentId,
      refundId: refund.id,
      amountMinor: refund.amountMinor,
      currency: refund.currency,
      destination: refund.destination,
    })
  }
  await settleCreditRefunds(tx, rows)
}

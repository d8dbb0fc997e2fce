/**
 * The shopper decides where a refund goes (ADR 116): a failed delivery's refund to the card or
 * wallet, or store credit now, until the deadline offerRefundChoice stamped; and "store credit
 * now" instead of correcting the player (ADR 057). The answer and the deadline job each claim the
 * choice with one guarded UPDATE of the order row (null → a destination, while the deadline has
 * not / has passed on the app clock): whichever commits first wins, the other changes nothing,
 * so the order is refunded exactly once.
 */
import { and, eq, gt, isNull, lte, or, sql, type SQL } from 'drizzle-orm'
import type { Db } from '~/server/db/client'
import { orders } from '~/server/db/schema'
import { RetryLaterError, type JobContext } from '~/server/jobs/registry'
import { AppError } from '~/modules/errors/app-error'
import { now } from '~/modules/time/clock'
import type { OrderJobPayload } from './queues'
import { orderMoney } from './refund-money.server'
import { enqueueOrderRefund } from './refunds.server'
import type { RefundDestination } from './refunds'
import { noteOrderEvent } from './timeline.server'

export interface RefundChoiceResult {
  destination: RefundDestination
  amountMinor: number
}

/** The orders whose refund the shopper may still direct to `destination` at `at`. */
function openFor(destination: RefundDestination, at: Date): SQL {
  const failed = and(eq(orders.status, 'failed'), isNull(orders.refundChoice), gt(orders.refundChoiceUntil, at))!
  // Waiting for player details, the other way out is store credit only (the card waits for the window).
  if (destination !== 'credit') return failed
  return or(failed, eq(orders.status, 'needs_player_details'))!
}

function closed(status: string): AppError {
  const issue = status === 'needs_player_details' ? 'not_waiting_for_player' : 'refund_choice_closed'
  return new AppError('CONFLICT', 'This refund can no longer be chosen', {
    issues: [{ path: 'status', message: issue }],
  })
}

/**
 * The owner's answer: everything not yet refunded goes to `destination` now (the order's credit
 * part always as credit). NOT_FOUND for other people's orders; CONFLICT `refund_choice_closed`
 * once the deadline passed, the choice was made or the money is already on its way back
 * (`not_waiting_for_player` for an order that no longer waits for player details).
 */
export async function chooseRefund(
  db: Db,
  userId: string,
  orderId: string,
  destination: RefundDestination,
  at: Date = now(),
): Promise<RefundChoiceResult> {
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(orders)
      .set({ refundChoice: destination, updatedAt: sql`now()` })
      .where(and(eq(orders.id, orderId), eq(orders.userId, userId), openFor(destination, at)))
      .returning({ status: orders.status })
    if (!claimed) {
      const [order] = await tx
        .select({ status: orders.status })
        .from(orders)
        .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
      if (!order) throw new AppError('NOT_FOUND', 'Order not found')
      throw closed(order.status)
    }
    // A refund staff already asked for keeps its share; nothing left means nothing to choose.
    const money = await orderMoney(tx, orderId)
    if (!money || money.refundableMinor === 0) throw closed(claimed.status)
    await noteOrderEvent(tx, orderId, destination === 'credit' ? 'refund_to_credit_chosen' : 'refund_to_card_chosen', {
      amountMinor: money.refundableMinor,
      currency: money.currency,
    })
    await enqueueOrderRefund(
      tx,
      orderId,
      destination === 'credit' ? 'shopper_chose_credit' : 'shopper_chose_card',
      destination,
    )
    return { destination, amountMinor: money.refundableMinor }
  })
}

/**
 * The deadline's side of the choice: claims it for the card or wallet when nobody chose by `at`
 * and refunds everything as a failed delivery always was. Returns whether it claimed; a second
 * run, or one after the shopper's answer, claims nothing and changes nothing.
 */
export async function refundAtDeadline(tx: Db, orderId: string, at: Date = now()): Promise<boolean> {
  const [claimed] = await tx
    .update(orders)
    .set({ refundChoice: 'original', updatedAt: sql`now()` })
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.status, 'failed'),
        isNull(orders.refundChoice),
        lte(orders.refundChoiceUntil, at),
      ),
    )
    .returning({ id: orders.id })
  if (!claimed) return false
  await noteOrderEvent(tx, orderId, 'refund_choice_expired', {})
  await enqueueOrderRefund(tx, orderId, 'delivery_failed')
  return true
}

/** Scheduled at the deadline by offerRefundChoice; early (clock skew), it comes back when due. */
export async function refundChoiceExpiredJob({ orderId }: OrderJobPayload, ctx: JobContext): Promise<void> {
  const [order] = await ctx.db.select({ until: orders.refundChoiceUntil }).from(orders).where(eq(orders.id, orderId))
  const wait = order?.until ? order.until.getTime() - now().getTime() : 0
  if (wait > 0) throw new RetryLaterError(wait)
  await ctx.complete(async (tx) => {
    await refundAtDeadline(tx, orderId)
  })
}

/**
 * Refunds as their callers use them (staff, the shopper, the payments module's refund job and
 * webhook): ask, book, and — when a refund completes the order's — move the order to `refunded`
 * through moveOrder. Refunds call the mover; the mover knows refunds only as the effect of
 * entering `failed` (order-machine.server.ts).
 */
import type { Db } from '~/server/db/client'
import { moveOrder } from './move-order.server'
import type { NextMove } from './order-status'
import { refundEverything, type AutomaticRefundReason, type RefundRow } from './refund-requests.server'
import { bookCreditRefunds, bookRefund, type SettleOutcome } from './refund-settlement.server'
import type { RefundDestination } from './refunds'

export { capturedPayment } from './refund-money.server'
export { requestRefund } from './refund-requests.server'
export { failRefund, type SettleOutcome } from './refund-settlement.server'

async function carryOut(tx: Db, next: NextMove | null): Promise<void> {
  if (next) await moveOrder(tx, { orderId: next.orderId }, next.to, { data: next.data })
}

/** The money of a refund is back (gateway job or webhook, or store credit). Idempotent. */
export async function settleRefund(tx: Db, refundId: string): Promise<SettleOutcome> {
  const { outcome, next } = await bookRefund(tx, refundId)
  await carryOut(tx, next)
  return outcome
}

/** Settles the rows that go to store credit: no gateway, so at once, in the caller's transaction. */
export async function settleCreditRefunds(tx: Db, rows: readonly RefundRow[]): Promise<void> {
  await carryOut(tx, await bookCreditRefunds(tx, rows))
}

/**
 * Everything not yet refunded goes back, unasked (the player-fix window passed, or the shopper
 * chose store credit now); see refundEverything. Callers hold the order's lock.
 */
export async function enqueueOrderRefund(
  tx: Db,
  orderId: string,
  reason: AutomaticRefundReason,
  destination: RefundDestination = 'original',
): Promise<void> {
  await carryOut(tx, await refundEverything(tx, orderId, reason, destination))
}

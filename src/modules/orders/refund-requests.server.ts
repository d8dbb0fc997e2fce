/**
 * Refund rows: asked for by staff, by the shopper, or by the shop itself. A refund through the
 * gateway gets a job in the refund queue that payments handed over (its key makes the call happen
 * once); a refund to store credit is booked at once (refund-settlement.server.ts). Callers hold
 * the order's lock (lockOrder), so the refundable sum and the new rows are decided together.
 */
import type { Db } from '~/server/db/client'
import { refunds } from '~/server/db/schema'
import { enqueue } from '~/server/jobs/queue'
import { refundQueueName } from './handoffs.server'
import type { NextMove } from './order-status'
import type { RefundJobPayload } from './queues'
import { orderMoney, type OrderMoney } from './refund-money.server'
import { bookCreditRefunds } from './refund-settlement.server'
import type { RefundDestination } from './refunds'
import { noteOrderEvent } from './timeline.server'

export type RefundRow = typeof refunds.$inferSelect

export interface NewRefund {
  orderId: string
  /** The captured card or wallet payment; null for the order's store-credit part. */
  paymentId: string | null
  amountMinor: number
  currency: string
  /** original (default): back through the gateway; credit: to store credit (settle it at once). */
  destination?: RefundDestination
  reason?: string | null
  /** null: the shop refunds on its own (failed delivery, a payment the order could not use). */
  requestedBy: string | null
}

/**
 * Records the request. A refund through the gateway gets a job (its key makes the call happen
 * once); a refund to store credit is settled by the caller (settleCreditRefunds), in its transaction.
 */
export async function requestRefund(tx: Db, input: NewRefund): Promise<RefundRow> {
  const destination = input.destination ?? (input.paymentId ? 'original' : 'credit')
  const [row] = await tx
    .insert(refunds)
    .values({ ...input, destination, reason: input.reason || null })
    .returning()
  if (destination === 'original') {
    await enqueue(tx, {
      queue: refundQueueName(),
      payload: { refundId: row!.id } satisfies RefundJobPayload,
      dedupeKey: `refund:${row!.id}`,
      maxAttempts: 10,
    })
  }
  return row!
}

export interface RefundPlan {
  destination: RefundDestination
  reason?: string | null
  requestedBy: string | null
}

/**
 * Asks for `amountMinor` of the order's money back (callers checked it is at most what is left):
 * the card or wallet part first, then the credit part, which always goes back as credit. Returns
 * the rows in the order they were written; rows to credit are settled by settleCreditRefunds.
 */
export async function requestOrderRefunds(
  tx: Db,
  orderId: string,
  money: OrderMoney,
  amountMinor: number,
  plan: RefundPlan,
): Promise<RefundRow[]> {
  const rows: RefundRow[] = []
  const parts = [
    { paymentId: money.card?.id ?? null, left: money.card?.refundableMinor ?? 0, destination: plan.destination },
    { paymentId: null, left: money.creditRefundableMinor, destination: 'credit' as const },
  ]
  let rest = amountMinor
  for (const part of parts) {
    const amount = Math.min(rest, part.left)
    if (amount <= 0) continue
    rest -= amount
    const { reason, requestedBy } = plan
    const input = { orderId, paymentId: part.paymentId, amountMinor: amount, currency: money.currency }
    rows.push(await requestRefund(tx, { ...input, destination: part.destination, reason, requestedBy }))
  }
  return rows
}

export type AutomaticRefundReason =
  'delivery_failed' | 'player_fix_expired' | 'shopper_chose_credit' | 'shopper_chose_card'

/**
 * Everything not yet refunded goes back (the card or wallet part to where it came from, unless the
 * shopper asked for store credit; the credit part as credit); refunds already asked for keep their
 * share. Run again it finds nothing left to refund, so it never gives money back twice. Returns
 * the move to `refunded` when what went to store credit completed the order's refund.
 */
export async function refundEverything(
  tx: Db,
  orderId: string,
  reason: AutomaticRefundReason = 'delivery_failed',
  destination: RefundDestination = 'original',
): Promise<NextMove | null> {
  const money = await orderMoney(tx, orderId)
  if (!money) {
    // Nothing was captured (cannot happen for a paid order, but never invent a refund).
    await noteOrderEvent(tx, orderId, 'refund_skipped', { reason: 'no_captured_payment' })
    return null
  }
  if (money.refundableMinor === 0) return null // the refunds under way already cover it all
  const rows = await requestOrderRefunds(tx, orderId, money, money.refundableMinor, {
    destination,
    reason,
    requestedBy: null,
  })
  for (const refund of rows) {
    await noteOrderEvent(tx, orderId, 'refund_requested', {
      by: reason.startsWith('shopper_') ? 'shopper' : 'shop',
      paymentId: refund.paymentId,
      refundId: refund.id,
      amountMinor: refund.amountMinor,
      currency: refund.currency,
      destination: refund.destination,
    })
  }
  return bookCreditRefunds(tx, rows)
}

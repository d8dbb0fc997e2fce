/**
 * Refund rows: asked for (by staff, by the shopper, or by the shop itself), then settled when the
 * money is back — for a card or wallet refund by the refund job or the gateway's
 * `payment.refunded` webhook, whichever comes first (the other finds the row settled and changes
 * nothing); for a refund to store credit at once, in the asking transaction (ADR 058). Callers
 * hold the order's lock (lockOrder), so the refundable sum and the new rows are decided together.
 */
import { and, eq, isNull, or, sql } from 'drizzle-orm'
import type { Db } from '~/server/db/client'
import { orderEvents, orders, payments, refunds } from '~/server/db/schema'
import { enqueue } from '~/server/jobs/queue'
import { nextPaymentStatus } from './payment-status'
import { refundQueueName } from './handoffs.server'
import { ORDER_QUEUES, type RefundJobPayload } from './queues'
import { orderPaymentId, refundableMinor, type RefundDestination } from './refunds'
import { capturedCreditMinor } from '~/modules/store-credit/holds.server'
import { bookCreditRefund } from '~/modules/store-credit/credit-refund.server'
import { lockOrder, noteOrderEvent, transitionOrder } from './transition.server'

export type RefundRow = typeof refunds.$inferSelect

export interface CapturedPayment {
  id: string
  amountMinor: number
  currency: string
  /** What may still be refunded of it (requested refunds already count). */
  refundableMinor: number
}

/** The payment the order was paid with, if it was captured and not yet fully given back. */
export async function orderPayment(tx: Db, orderId: string): Promise<CapturedPayment | null> {
  const paymentId = await paidWith(tx, orderId)
  return paymentId ? capturedPayment(tx, paymentId) : null
}

export async function capturedPayment(tx: Db, paymentId: string): Promise<CapturedPayment | null> {
  const [payment] = await tx
    .select({
      id: payments.id,
      amountMinor: payments.amountMinor,
      currency: payments.currency,
      status: payments.status,
    })
    .from(payments)
    .where(eq(payments.id, paymentId))
  if (!payment || (payment.status !== 'succeeded' && payment.status !== 'refunded')) return null
  const rows = await tx
    .select({ amountMinor: refunds.amountMinor, status: refunds.status })
    .from(refunds)
    .where(eq(refunds.paymentId, paymentId))
  const left = payment.status === 'refunded' ? 0 : refundableMinor(payment.amountMinor, rows)
  return { id: payment.id, amountMinor: payment.amountMinor, currency: payment.currency, refundableMinor: left }
}

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
 * once); a refund to store credit is settled by the caller with settleRefund, in its transaction.
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

/** What is left to give back of an order's own money: its card or wallet payment and its credit part. */
export interface OrderMoney {
  currency: string
  card: CapturedPayment | null
  /** The credit part not yet given back (requested refunds already count). */
  creditRefundableMinor: number
  refundableMinor: number
}

export async function orderMoney(tx: Db, orderId: string): Promise<OrderMoney | null> {
  const card = await orderPayment(tx, orderId)
  const credit = await capturedCreditMinor(tx, orderId)
  if (!card && credit === 0) return null
  let creditLeft = 0
  if (credit > 0) {
    const rows = await tx
      .select({ amountMinor: refunds.amountMinor, status: refunds.status })
      .from(refunds)
      .where(and(eq(refunds.orderId, orderId), isNull(refunds.paymentId)))
    creditLeft = refundableMinor(credit, rows)
  }
  // The card payment names the currency; only a credit-only order needs the order row for it.
  const currency = card?.currency ?? (await orderCurrency(tx, orderId))
  return {
    currency,
    card,
    creditRefundableMinor: creditLeft,
    refundableMinor: (card?.refundableMinor ?? 0) + creditLeft,
  }
}

async function orderCurrency(tx: Db, orderId: string): Promise<string> {
  const [order] = await tx.select({ currency: orders.currency }).from(orders).where(eq(orders.id, orderId))
  return order!.currency
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
  const fromCard = Math.min(amountMinor, money.card?.refundableMinor ?? 0)
  if (fromCard > 0) {
    rows.push(
      await requestRefund(tx, {
        orderId,
        paymentId: money.card!.id,
        amountMinor: fromCard,
        currency: money.currency,
        destination: plan.destination,
        reason: plan.reason,
        requestedBy: plan.requestedBy,
      }),
    )
  }
  const fromCredit = Math.min(amountMinor - fromCard, money.creditRefundableMinor)
  if (fromCredit > 0) {
    rows.push(
      await requestRefund(tx, {
        orderId,
        paymentId: null,
        amountMinor: fromCredit,
        currency: money.currency,
        destination: 'credit',
        reason: plan.reason,
        requestedBy: plan.requestedBy,
      }),
    )
  }
  return rows
}

/** Settles the rows that go to store credit: no gateway, so at once, in the caller's transaction. */
export async function settleCreditRefunds(tx: Db, rows: readonly RefundRow[]): Promise<void> {
  for (const row of rows) if (row.destination === 'credit') await settleRefund(tx, row.id)
}

export type SettleOutcome = 'applied' | 'unchanged'

/**
 * The money of a refund was given back: by the gateway, or into store credit. A partial refund of
 * the order's money leaves the order as it is (a timeline note and a mail); the refund that
 * completes it moves the order to `refunded`. A payment the order could not use only gets its
 * "payment returned" mail.
 */
export async function settleRefund(tx: Db, refundId: string): Promise<SettleOutcome> {
  const [head] = await tx.select({ orderId: refunds.orderId }).from(refunds).where(eq(refunds.id, refundId))
  if (!head) return 'unchanged'
  // Order first, as everywhere: the webhook and the job may settle the same refund at once.
  const order = await lockOrder(tx, head.orderId)
  const [refund] = await tx.select().from(refunds).where(eq(refunds.id, refundId)).for('update')
  if (refund!.status !== 'requested') return 'unchanged'
  const { orderId, paymentId } = refund!
  if (refund!.destination === 'credit') {
    await bookCreditRefund(tx, {
      refundId,
      orderId,
      userId: order.userId,
      currency: refund!.currency,
      amountMinor: refund!.amountMinor,
      paymentId,
    })
  }
  await tx
    .update(refunds)
    .set({ status: 'succeeded', completedAt: sql`now()` })
    .where(eq(refunds.id, refundId))

  const paidBy = await paidWith(tx, orderId)
  if (paymentId) {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update')
    const [{ settled }] = await tx
      .select({ settled: sql<number>`coalesce(sum(${refunds.amountMinor}), 0)::int` })
      .from(refunds)
      .where(and(eq(refunds.paymentId, paymentId), eq(refunds.status, 'succeeded')))
    const paymentFull = Number(settled) >= payment!.amountMinor
    if (paymentFull) {
      const next = nextPaymentStatus(payment!.status, 'refunded')
      if (next) {
        await tx
          .update(payments)
          .set({ status: next, updatedAt: sql`now()` })
          .where(eq(payments.id, paymentId))
        await noteOrderEvent(tx, orderId, 'payment_refunded', { paymentId, method: payment!.method })
      }
    }
    if (paidBy !== paymentId) {
      if (paymentFull) {
        await enqueue(tx, {
          queue: ORDER_QUEUES.mail,
          payload: { orderId, kind: 'payment_returned', paymentId },
          dedupeKey: `mail:payment_returned:${paymentId}`,
        })
      }
      return 'applied'
    }
  }
  // The order's own money: its payment and its credit part.
  const [{ back }] = await tx
    .select({ back: sql<number>`coalesce(sum(${refunds.amountMinor}), 0)::int` })
    .from(refunds)
    .where(
      and(
        eq(refunds.orderId, orderId),
        eq(refunds.status, 'succeeded'),
        paidBy ? or(eq(refunds.paymentId, paidBy), isNull(refunds.paymentId)) : isNull(refunds.paymentId),
      ),
    )
  const full = Number(back) >= order.totalMinor
  await enqueue(tx, {
    queue: ORDER_QUEUES.mail,
    payload: { orderId, kind: full ? 'refunded' : 'partially_refunded', refundId },
    dedupeKey: `mail:refund:${refundId}`,
  })
  const amount = {
    refundId,
    amountMinor: refund!.amountMinor,
    currency: refund!.currency,
    destination: refund!.destination,
  }
  if (full) await transitionOrder(tx, orderId, 'refunded', { paymentId, ...amount })
  else await noteOrderEvent(tx, orderId, 'partial_refund', amount)
  return 'applied'
}

/** The payment named by the order's move to paid (none for a free order). */
async function paidWith(tx: Db, orderId: string): Promise<string | null> {
  const rows = await tx
    .select({ type: orderEvents.type, toStatus: orderEvents.toStatus, data: orderEvents.data })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.type, 'status'), eq(orderEvents.toStatus, 'paid')))
  return orderPaymentId(rows)
}

/** The gateway refused the refund for good: its amount becomes refundable again. */
export async function failRefund(tx: Db, refundId: string, code: string): Promise<SettleOutcome> {
  const [head] = await tx.select({ orderId: refunds.orderId }).from(refunds).where(eq(refunds.id, refundId))
  if (!head) return 'unchanged'
  await lockOrder(tx, head.orderId)
  const failed = await tx
    .update(refunds)
    .set({ status: 'failed', completedAt: sql`now()` })
    .where(and(eq(refunds.id, refundId), eq(refunds.status, 'requested')))
    .returning()
  if (failed.length === 0) return 'unchanged'
  const { amountMinor, currency } = failed[0]!
  await noteOrderEvent(tx, head.orderId, 'refund_failed', { refundId, amountMinor, currency, code })
  return 'applied'
}

/**
 * The money of a refund is back: by the gateway (the refund job or the `payment.refunded` webhook,
 * whichever comes first; the other finds the row settled and changes nothing), or at once into
 * store credit (ADR 058). This books it; the order's move to `refunded` when it completes the
 * order's refund is handed back as a NextMove for moveOrder (refunds.server.ts), so the machine
 * can refund on entering `failed` without this file knowing the mover.
 */
import { and, eq, isNull, or, sql } from 'drizzle-orm'
import type { Db } from '~/server/db/client'
import { payments, refunds } from '~/server/db/schema'
import { enqueue } from '~/server/jobs/queue'
import { bookCreditRefund } from '~/modules/store-credit/credit-refund.server'
import { lockOrder } from './order-lock.server'
import type { NextMove } from './order-status'
import { nextPaymentStatus } from './payment-status'
import { ORDER_QUEUES } from './queues'
import { paidWith } from './refund-money.server'
import { noteOrderEvent } from './timeline.server'

export type SettleOutcome = 'applied' | 'unchanged'

/**
 * Books a settled refund. A partial refund of the order's money leaves the order as it is (a
 * timeline note and a mail); the refund that completes it returns the move to `refunded`. A
 * payment the order could not use only gets its "payment returned" mail.
 */
export async function bookRefund(tx: Db, refundId: string): Promise<{ outcome: SettleOutcome; next: NextMove | null }> {
  const unchanged = { outcome: 'unchanged' as const, next: null }
  const [head] = await tx.select({ orderId: refunds.orderId }).from(refunds).where(eq(refunds.id, refundId))
  if (!head) return unchanged
  // Order first, as everywhere: the webhook and the job may settle the same refund at once.
  const order = await lockOrder(tx, head.orderId)
  const [refund] = await tx.select().from(refunds).where(eq(refunds.id, refundId)).for('update')
  if (refund!.status !== 'requested') return unchanged
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
    const paymentFull = await markPaymentRefunded(tx, orderId, paymentId)
    if (paidBy !== paymentId) {
      if (paymentFull) {
        await enqueue(tx, {
          queue: ORDER_QUEUES.mail,
          payload: { orderId, kind: 'payment_returned', paymentId },
          dedupeKey: `mail:payment_returned:${paymentId}`,
        })
      }
      return { outcome: 'applied', next: null }
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
  if (full) return { outcome: 'applied', next: { orderId, to: 'refunded', data: { paymentId, ...amount } } }
  await noteOrderEvent(tx, orderId, 'partial_refund', amount)
  return { outcome: 'applied', next: null }
}

/** The payment is refunded once its settled refunds reach its amount; returns whether they do. */
async function markPaymentRefunded(tx: Db, orderId: string, paymentId: string): Promise<boolean> {
  const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update')
  const [{ settled }] = await tx
    .select({ settled: sql<number>`coalesce(sum(${refunds.amountMinor}), 0)::int` })
    .from(refunds)
    .where(and(eq(refunds.paymentId, paymentId), eq(refunds.status, 'succeeded')))
  const full = Number(settled) >= payment!.amountMinor
  const next = full ? nextPaymentStatus(payment!.status, 'refunded') : null
  if (next) {
    await tx
      .update(payments)
      .set({ status: next, updatedAt: sql`now()` })
      .where(eq(payments.id, paymentId))
    await noteOrderEvent(tx, orderId, 'payment_refunded', { paymentId, method: payment!.method })
  }
  return full
}

/**
 * Books the rows that go to store credit: no gateway, so at once, in the caller's transaction.
 * Returns the move the last of them leads to when it completes the order's refund.
 */
export async function bookCreditRefunds(
  tx: Db,
  rows: readonly { id: string; destination: string }[],
): Promise<NextMove | null> {
  let next: NextMove | null = null
  for (const row of rows) if (row.destination === 'credit') next = (await bookRefund(tx, row.id)).next ?? next
  return next
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

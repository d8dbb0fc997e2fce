/**
 * Refund rows: asked for (by staff, or by the shop itself), then settled when the gateway gave the
 * money back — by the refund job or by the gateway's `payment.refunded` webhook, whichever comes
 * first; the other finds the row settled and changes nothing. Callers hold the order's lock
 * (lockOrder), so the refundable sum and the new row are decided together.
 */
import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../server/db/client'
import { orderEvents, payments, refunds } from '../../server/db/schema'
import { enqueue } from '../../server/jobs/queue'
import { nextPaymentStatus } from './payment-status'
import { QUEUES } from './queues'
import { orderPaymentId, refundableMinor } from './refunds'
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
  paymentId: string
  amountMinor: number
  currency: string
  reason?: string | null
  /** null: the shop refunds on its own (failed delivery, a payment the order could not use). */
  requestedBy: string | null
}

/** Records the request and queues its gateway call; the job's key makes the call happen once. */
export async function requestRefund(tx: Db, input: NewRefund): Promise<RefundRow> {
  const [row] = await tx
    .insert(refunds)
    .values({ ...input, reason: input.reason || null })
    .returning()
  await enqueue(tx, {
    queue: QUEUES.refund,
    payload: { refundId: row!.id },
    dedupeKey: `refund:${row!.id}`,
    maxAttempts: 10,
  })
  return row!
}

export type SettleOutcome = 'applied' | 'unchanged'

/**
 * The gateway gave the refund's money back. A partial refund of the order's payment leaves the
 * order as it is (a timeline note and a mail); the refund that completes it moves the order to
 * `refunded`. A payment the order could not use only gets its "payment returned" mail.
 */
export async function settleRefund(tx: Db, refundId: string): Promise<SettleOutcome> {
  const [head] = await tx.select({ orderId: refunds.orderId }).from(refunds).where(eq(refunds.id, refundId))
  if (!head) return 'unchanged'
  // Order first, as everywhere: the webhook and the job may settle the same refund at once.
  await lockOrder(tx, head.orderId)
  const [refund] = await tx.select().from(refunds).where(eq(refunds.id, refundId)).for('update')
  if (refund!.status !== 'requested') return 'unchanged'
  await tx
    .update(refunds)
    .set({ status: 'succeeded', completedAt: sql`now()` })
    .where(eq(refunds.id, refundId))

  const { orderId, paymentId } = refund!
  const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update')
  const [{ settled }] = await tx
    .select({ settled: sql<number>`coalesce(sum(${refunds.amountMinor}), 0)::int` })
    .from(refunds)
    .where(and(eq(refunds.paymentId, paymentId), eq(refunds.status, 'succeeded')))
  const full = Number(settled) >= payment!.amountMinor
  if (full) {
    const next = nextPaymentStatus(payment!.status, 'refunded')
    if (next) {
      await tx
        .update(payments)
        .set({ status: next, updatedAt: sql`now()` })
        .where(eq(payments.id, paymentId))
      await noteOrderEvent(tx, orderId, 'payment_refunded', { paymentId, method: payment!.method })
    }
  }
  if ((await paidWith(tx, orderId)) !== paymentId) {
    if (full) {
      await enqueue(tx, {
        queue: QUEUES.mail,
        payload: { orderId, kind: 'payment_returned', paymentId },
        dedupeKey: `mail:payment_returned:${paymentId}`,
      })
    }
    return 'applied'
  }
  await enqueue(tx, {
    queue: QUEUES.mail,
    payload: { orderId, kind: full ? 'refunded' : 'partially_refunded', refundId },
    dedupeKey: `mail:refund:${refundId}`,
  })
  const amount = { refundId, amountMinor: refund!.amountMinor, currency: refund!.currency }
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

/**
 * Refund job: gives a captured payment back through its gateway. The gateway call is idempotent
 * per payment, so a retry after a crash never refunds twice; the status changes are committed
 * with the job's fenced completion.
 */
import { eq, sql } from 'drizzle-orm'
import { payments } from '../../server/db/schema'
import type { JobContext } from '../../server/jobs/registry'
import { enqueue } from '../../server/jobs/queue'
import { QUEUES, type RefundJobPayload } from '../orders/queues'
import { lockOrder, noteOrderEvent, transitionOrder } from '../orders/transition.server'
import { paymentGateway } from './gateways.server'
import { nextPaymentStatus } from './payment-status'

export async function refundJob({ paymentId, refundOrder }: RefundJobPayload, ctx: JobContext): Promise<void> {
  const [payment] = await ctx.db.select().from(payments).where(eq(payments.id, paymentId))
  if (!payment) return
  if (payment.status === 'succeeded') {
    await paymentGateway(ctx.db, payment.gateway).refund({
      externalId: payment.externalId!,
      amountMinor: payment.amountMinor,
      idempotencyKey: `refund:${payment.id}`,
    })
  } else if (payment.status !== 'refunded') {
    throw new Error(`payment ${paymentId} is ${payment.status}, not captured`)
  }
  await ctx.complete(async (tx) => {
    await lockOrder(tx, payment.orderId)
    const [current] = await tx
      .select({ status: payments.status })
      .from(payments)
      .where(eq(payments.id, paymentId))
      .for('update')
    const next = nextPaymentStatus(current!.status, 'refunded')
    if (next) {
      await tx
        .update(payments)
        .set({ status: next, updatedAt: sql`now()` })
        .where(eq(payments.id, paymentId))
      await noteOrderEvent(tx, payment.orderId, 'payment_refunded', { paymentId, method: payment.method })
      // A payment the order could not use (late, duplicate): tell the shopper it came back. A
      // refunded order gets its own mail from the transition below.
      if (!refundOrder) {
        await enqueue(tx, {
          queue: QUEUES.mail,
          payload: { orderId: payment.orderId, kind: 'payment_returned', paymentId },
          dedupeKey: `mail:payment_returned:${paymentId}`,
        })
      }
    }
    if (refundOrder) await transitionOrder(tx, payment.orderId, 'refunded', { paymentId })
  })
}

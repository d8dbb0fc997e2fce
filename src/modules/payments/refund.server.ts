/**
 * Refund job: asks the gateway for one refunds row. The gateway call is idempotent per refund
 * (key `refund:<refundId>`), so a retry after a crash never refunds twice; the row is settled in
 * the job's fenced completion when the gateway says it is done, else (or first) by its webhook.
 */
import { eq } from 'drizzle-orm'
import { payments, refunds } from '~/server/db/schema'
import type { JobContext } from '~/server/jobs/registry'
import type { RefundJobPayload } from '~/modules/orders/queues'
import { capturedPayment, failRefund, requestRefund, settleRefund } from '~/modules/orders/refunds.server'
import { RefundRefusedError } from './gateway'
import { paymentGateway } from './gateways.server'

/** Refund jobs queued before refunds had rows: a whole payment each. */
interface LegacyRefundJobPayload {
  paymentId: string
  refundOrder: boolean
}

export async function refundJob(payload: RefundJobPayload | LegacyRefundJobPayload, ctx: JobContext): Promise<void> {
  if (!('refundId' in payload)) return legacyRefundJob(payload, ctx)
  const [row] = await ctx.db
    .select({
      refund: refunds,
      gateway: payments.gateway,
      externalId: payments.externalId,
      captureId: payments.captureId,
    })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(eq(refunds.id, payload.refundId))
  if (!row || row.refund.status !== 'requested') return
  let outcome
  try {
    outcome = await paymentGateway(ctx.db, row.gateway).refund({
      reference: row.refund.paymentId!,
      externalId: row.externalId!,
      captureId: row.captureId,
      amountMinor: row.refund.amountMinor,
      currency: row.refund.currency,
      idempotencyKey: `refund:${row.refund.id}`,
    })
  } catch (err) {
    // Refused for good (more than is left at the gateway): retrying cannot help, staff can ask again.
    if (!(err instanceof RefundRefusedError)) throw err
    return ctx.complete(async (tx) => {
      await failRefund(tx, row.refund.id, err.code)
    })
  }
  // Still on its way at the provider: its webhook settles the row.
  if (outcome === 'pending') return
  await ctx.complete(async (tx) => {
    await settleRefund(tx, row.refund.id)
  })
}

/** A job queued before this version: turn it into a row for what is left of the payment. */
async function legacyRefundJob({ paymentId }: LegacyRefundJobPayload, ctx: JobContext): Promise<void> {
  const [payment] = await ctx.db.select({ orderId: payments.orderId }).from(payments).where(eq(payments.id, paymentId))
  if (!payment) return
  await ctx.complete(async (tx) => {
    const paid = await capturedPayment(tx, paymentId)
    if (!paid || paid.refundableMinor === 0) return
    await requestRefund(tx, {
      orderId: payment.orderId,
      paymentId,
      amountMinor: paid.refundableMinor,
      currency: paid.currency,
      requestedBy: null,
    })
  })
}

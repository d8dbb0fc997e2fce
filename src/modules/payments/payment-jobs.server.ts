/** Registers the payments module's job handlers (called once at boot, and by worker scripts). */
import { registerJobHandler } from '~/server/jobs/registry'
import { handRefundsTo } from '~/modules/orders/handoffs.server'
import { refundJob } from './refund.server'

/** The queues the payments module handles. */
export const PAYMENT_QUEUES = {
  refund: 'payments.refund',
} as const

export function registerPaymentJobHandlers(): void {
  // The order flow asks for refunds (failed delivery, operator refund, extra payments); the
  // payments module gives the money back through the gateway and reports to the order.
  registerJobHandler(PAYMENT_QUEUES.refund, refundJob)
  handRefundsTo(PAYMENT_QUEUES.refund)
}

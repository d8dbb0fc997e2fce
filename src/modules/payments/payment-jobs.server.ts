/** Registers the payments module's job handlers (called once at boot, and by worker scripts). */
import { registerJobHandler } from '~/server/jobs/registry'
import { QUEUES } from '~/modules/orders/queues'
import { refundJob } from './refund.server'

export function registerPaymentJobHandlers(): void {
  // The order flow enqueues refunds (failed delivery, operator refund, extra payments); the
  // payments module gives the money back through the gateway and reports to the order.
  registerJobHandler(QUEUES.refund, refundJob)
}

/**
 * Registers the job handlers of the order flow (called once at boot, and by worker scripts). The
 * refund queue is the payments module's (payment-jobs.server.ts).
 */
import { registerJobHandler } from '~/server/jobs/registry'
import { expireJob } from './expire.server'
import { fulfilJob } from './fulfil.server'
import { orderMailJob } from './order-mail.server'
import { playerFixExpiredJob } from './player-fix.server'
import { ORDER_QUEUES } from './queues'
import { refundChoiceExpiredJob } from './refund-choice.server'
import { supportReplyMailJob } from './support-mail.server'

export function registerOrderJobHandlers(): void {
  registerJobHandler(ORDER_QUEUES.fulfil, fulfilJob(), { leaseMs: 120_000 })
  registerJobHandler(ORDER_QUEUES.expire, expireJob)
  registerJobHandler(ORDER_QUEUES.playerFixExpired, playerFixExpiredJob)
  registerJobHandler(ORDER_QUEUES.refundChoiceExpired, refundChoiceExpiredJob)
  registerJobHandler(ORDER_QUEUES.mail, orderMailJob)
  registerJobHandler(ORDER_QUEUES.supportReply, supportReplyMailJob)
}

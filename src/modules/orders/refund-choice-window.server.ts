/**
 * Entering `failed` (ADR 116): instead of refunding the card or wallet at once, the shopper gets
 * REFUND_CHOICE_MINUTES to choose between that refund and store credit now. The deadline is
 * stamped on the order on the app clock (the order page shows it; the answer and the deadline job
 * compare it with the same clock), a job is scheduled at it and a mail offers the two ways. An
 * order with nothing to give back to a card or wallet (paid with store credit alone), or a shop
 * with the choice off (0 minutes), is refunded at once as before.
 */
import { eq } from 'drizzle-orm'
import { config } from '../../../app.config'
import type { Db } from '~/server/db/client'
import { orders } from '~/server/db/schema'
import { enqueueAll } from '~/server/jobs/queue'
import { now } from '~/modules/time/clock'
import type { NextMove } from './order-status'
import { ORDER_QUEUES } from './queues'
import { orderMoney } from './refund-money.server'
import { refundEverything } from './refund-requests.server'

export async function offerRefundChoice(tx: Db, orderId: string): Promise<NextMove | null> {
  const minutes = config().REFUND_CHOICE_MINUTES
  const money = await orderMoney(tx, orderId)
  if (minutes === 0 || !money?.card || money.card.refundableMinor === 0) return refundEverything(tx, orderId)
  const windowMs = minutes * 60_000
  const until = new Date(now().getTime() + windowMs)
  await tx.update(orders).set({ refundChoiceUntil: until, refundChoice: null }).where(eq(orders.id, orderId))
  const payload = { orderId }
  await enqueueAll(tx, [
    {
      queue: ORDER_QUEUES.refundChoiceExpired,
      payload,
      // The job runs on the real clock; it checks the app clock's deadline and comes back if early.
      runAt: new Date(Date.now() + windowMs),
      dedupeKey: `${ORDER_QUEUES.refundChoiceExpired}:${orderId}`,
    },
    {
      queue: ORDER_QUEUES.mail,
      payload: { orderId, kind: 'refund_choice' },
      dedupeKey: `mail:refund_choice:${orderId}`,
    },
  ])
  return null
}

/**
 * Entering needs_player_details: the shopper has PLAYER_FIX_WINDOW_HOURS to correct the player.
 * The deadline is stamped on the order (the page shows it, the correction and the expiry job
 * check it) and a job is scheduled at it; both the job and the mail are keyed by the correction
 * round, so a second refusal after a correction opens a new window of its own.
 */
import { eq, sql } from 'drizzle-orm'
import { config } from '../../../app.config'
import type { Db } from '~/server/db/client'
import { orders } from '~/server/db/schema'
import { enqueueAll } from '~/server/jobs/queue'
import { ORDER_QUEUES } from './queues'

export async function openPlayerFixWindow(tx: Db, orderId: string): Promise<void> {
  const hours = config().PLAYER_FIX_WINDOW_HOURS
  const [order] = await tx
    .update(orders)
    .set({ playerFixUntil: sql`now() + make_interval(hours => ${hours})` })
    .where(eq(orders.id, orderId))
    .returning({ until: orders.playerFixUntil, round: orders.playerFixes })
  if (!order?.until) return
  const payload = { orderId }
  await enqueueAll(tx, [
    {
      queue: ORDER_QUEUES.playerFixExpired,
      payload,
      runAt: order.until,
      dedupeKey: `${ORDER_QUEUES.playerFixExpired}:${orderId}:${order.round}`,
    },
    {
      queue: ORDER_QUEUES.mail,
      payload: { orderId, kind: 'needs_player_details', round: order.round },
      dedupeKey: `mail:needs_player_details:${orderId}:${order.round}`,
    },
  ])
}

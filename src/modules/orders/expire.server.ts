/** Expiry of unpaid orders: a job per order, scheduled at its expires_at by createOrder. */
import { eq } from 'drizzle-orm'
import { orders } from '~/server/db/schema'
import { RetryLaterError, type JobContext } from '~/server/jobs/registry'
import { moveOrder } from './move-order.server'
import type { OrderJobPayload } from './queues'

export async function expireJob({ orderId }: OrderJobPayload, ctx: JobContext): Promise<void> {
  const [order] = await ctx.db.select({ expiresAt: orders.expiresAt }).from(orders).where(eq(orders.id, orderId))
  const wait = order?.expiresAt ? order.expiresAt.getTime() - Date.now() : 0
  // Run early (clock skew between instances): come back when it is really due.
  if (wait > 0) throw new RetryLaterError(wait)
  // Paid, cancelled or already expired: the move does not happen and the job is done.
  await ctx.complete(async (tx) => {
    await moveOrder(tx, { orderId }, 'expired')
  })
}

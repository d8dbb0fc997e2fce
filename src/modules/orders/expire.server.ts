/** Expiry of unpaid orders: a job per order, scheduled at its expires_at by createOrder. */
import { eq } from 'drizzle-orm'
import { orders } from '~/server/db/schema'
import { RetryLaterError, type JobContext } from '~/server/jobs/registry'
import { isPayable } from './order-status'
import type { OrderJobPayload } from './queues'
import { lockOrder, transitionOrder } from './transition.server'

export async function expireJob({ orderId }: OrderJobPayload, ctx: JobContext): Promise<void> {
  const [order] = await ctx.db.select({ expiresAt: orders.expiresAt }).from(orders).where(eq(orders.id, orderId))
  const wait = order?.expiresAt ? order.expiresAt.getTime() - Date.now() : 0
  // Run early (clock skew between instances): come back when it is really due.
  if (wait > 0) throw new RetryLaterError(wait)
  await ctx.complete(async (tx) => {
    const locked = await lockOrder(tx, orderId)
    // Paid, cancelled or already expired: the job has nothing to do.
    if (isPayable(locked.status)) await transitionOrder(tx, orderId, 'expired')
  })
}

/** /order/service: a support request, stored with the order it is about (if any). */
import { eq } from 'drizzle-orm'
import type { Db } from '../../server/db/client'
import { supportRequests, users } from '../../server/db/schema'
import { AppError } from '../errors/app-error'
import { assertOwnsOrders } from './order-queries.server'
import { noteOrderEvent } from './transition.server'
import { supportRequestInputSchema, type SupportRequestInput } from './orders.schemas'

export async function createSupportRequest(
  db: Db,
  userId: string,
  input: SupportRequestInput,
): Promise<{ id: number }> {
  const req = supportRequestInputSchema.parse(input)
  if (req.orderId) await assertOwnsOrders(db, userId, [req.orderId])
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId))
  if (!user) throw new AppError('UNAUTHENTICATED', 'Unknown user')
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(supportRequests)
      .values({ orderId: req.orderId ?? null, userId, email: user.email, topic: req.topic, message: req.message })
      .returning({ id: supportRequests.id })
    // The order's timeline shows that help was asked for (not the message: it may be private).
    if (req.orderId) await noteOrderEvent(tx, req.orderId, 'support_request', { requestId: row!.id, topic: req.topic })
    return { id: row!.id }
  })
}

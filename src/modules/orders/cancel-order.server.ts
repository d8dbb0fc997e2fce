/** The shopper cancels an order they no longer want to pay; its coupon use is given back. */
import type { Db } from '~/server/db/client'
import { AppError } from '~/modules/errors/app-error'
import { assertOwnsOrders } from './order-queries.server'
import { transitionOrder } from './transition.server'

export async function cancelOrder(db: Db, userId: string, orderId: string): Promise<void> {
  await assertOwnsOrders(db, userId, [orderId])
  const from = await db.transaction((tx) => transitionOrder(tx, orderId, 'cancelled', { by: 'customer' }))
  if (from === null) throw new AppError('CONFLICT', 'Only unpaid orders can be cancelled')
}

/** The shopper cancels an order they no longer want to pay; its coupon use is given back. */
import type { Db } from '~/server/db/client'
import { AppError } from '~/modules/errors/app-error'
import { moveOrder } from './move-order.server'
import { orderNotFound } from './order-lock.server'

/** NOT_FOUND for an order that is not the caller's; CONFLICT once it is paid or has ended. */
export async function cancelOrder(db: Db, userId: string, orderId: string): Promise<void> {
  const move = await moveOrder(db, { orderId, ownerId: userId }, 'cancelled', { data: { by: 'customer' } })
  if (!move) orderNotFound(orderId, userId)
  if (!move.moved) throw new AppError('CONFLICT', 'Only unpaid orders can be cancelled')
}

/** Staff's view of an order's shopper's store credit (the admin order page). */
import { eq } from 'drizzle-orm'
import type { Db } from '~/server/db/client'
import { orders } from '~/server/db/schema'
import { AppError } from '~/modules/errors/app-error'
import { creditBalances } from './ledger.server'
import type { ShopperCreditView } from './store-credit.schemas'

/** NOT_FOUND for an unknown order. */
export async function shopperCreditOfOrder(db: Db, orderId: string): Promise<ShopperCreditView> {
  const [order] = await db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId))
  if (!order) throw new AppError('NOT_FOUND', 'Order not found')
  return { userId: order.userId, balances: await creditBalances(db, order.userId) }
}

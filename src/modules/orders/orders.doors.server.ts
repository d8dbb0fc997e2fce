/**
 * What the orders REST doors do once their request arrives: ask the door who is calling, parse the
 * input, call the use case. The route handlers (/api/orders) call these; tests call the route
 * handlers in-process with a plain Request.
 */
import { config } from '../../../app.config'
import type { Door } from '~/server/http/door'
import { pathParam } from '~/server/http/respond'
import { orderIdSchema } from './orders.schemas'
import { refundOrder } from './refund-order.server'

/**
 * Staff only (401/403 first), then 404 for an id that cannot name an order, 400 for an amount that
 * is not a positive whole number of minor units, 409 if not refundable or above what is left; the
 * support role up to SUPPORT_REFUND_LIMIT_MINOR per refund (403 `above_refund_limit` beyond),
 * admins any amount. Without `amountMinor`, all that is left is refunded.
 */
export async function refundAsStaff(door: Door, id: string | undefined, input: unknown = {}) {
  const staff = await door.staff()
  const limitMinor = staff.role === 'admin' ? undefined : config().SUPPORT_REFUND_LIMIT_MINOR
  return refundOrder(door.db, pathParam(orderIdSchema, id), { actor: staff, limitMinor }, input)
}

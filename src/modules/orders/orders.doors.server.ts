/**
 * What the orders REST doors do once their request arrives: ask the door who is calling, parse the
 * input, call the use case. The route handlers (/api/orders) call these; tests call the route
 * handlers in-process with a plain Request.
 */
import type { Door } from '../../server/http/door'
import { pathParam } from '../../server/http/respond'
import { orderIdSchema } from './orders.schemas'
import { refundOrder } from './refund-order.server'

/** Operators only (401/403 first), then 404 for an id that cannot name an order, 409 if not refundable. */
export async function refundAsOperator(door: Door, id: string | undefined) {
  await door.operator()
  return refundOrder(door.db, pathParam(orderIdSchema, id))
}

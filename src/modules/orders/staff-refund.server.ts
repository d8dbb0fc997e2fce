/**
 * A refund made by staff (back office and `POST /api/orders/:id/refund`): 404 for an id that cannot
 * name an order, 400 for an amount that is not a positive whole number of minor units, 409 if not
 * refundable or above what is left; 403 `own_order` for the buyer's own order. The support role is
 * held to its limits (staff-refund-limits.server.ts: SUPPORT_REFUND_LIMIT_MINOR per order,
 * SUPPORT_REFUND_DAILY_LIMIT_MINOR per day; a refund to store credit beyond the first waits for a
 * second staff member), admins to none. Without `amountMinor`, all that is left.
 * Who may call (staff) is the door's question, asked before this runs.
 */
import { config } from '../../../app.config'
import type { Caller } from '~/modules/door/caller.server'
import { AppError } from '~/modules/errors/app-error'
import type { Db } from '~/server/db/client'
import { orderIdSchema } from './orders.schemas'
import { refundOrder } from './refund-order.server'

export function refundAsStaff(db: Db, staff: Caller, id: string | undefined, input: unknown = {}) {
  const orderId = orderIdSchema.safeParse(id)
  if (!orderId.success) throw new AppError('NOT_FOUND', 'Not found')
  const limits =
    staff.role === 'admin'
      ? undefined
      : { perOrderMinor: config().SUPPORT_REFUND_LIMIT_MINOR, dailyMinor: config().SUPPORT_REFUND_DAILY_LIMIT_MINOR }
  return refundOrder(db, orderId.data, { actor: staff, limits }, input)
}

/**
 * A refund made by staff (back office and `POST /api/orders/:id/refund`): 404 for an id that cannot
 * name an order, 400 for an amount that is not a positive whole number of minor units, 409 if not
 * refundable or above what is left; the support role up to SUPPORT_REFUND_LIMIT_MINOR per refund
 * (403 `above_refund_limit` beyond), admins any amount. Without `amountMinor`, all that is left.
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
  const limitMinor = staff.role === 'admin' ? undefined : config().SUPPORT_REFUND_LIMIT_MINOR
  return refundOrder(db, orderId.data, { actor: staff, limitMinor }, input)
}

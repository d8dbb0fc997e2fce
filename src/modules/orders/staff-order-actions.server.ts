/**
 * What staff may do to any order besides refunding it (refund-order.server.ts): cancel one that is
 * not paid yet, and send its delivery e-mail again. Each is audited in the action's transaction.
 */
import type { Db } from '~/server/db/client'
import { orderEvents } from '~/server/db/schema'
import { enqueue } from '~/server/jobs/queue'
import { recordAudit } from '~/modules/admin/audit.server'
import { AppError } from '~/modules/errors/app-error'
import { ORDER_QUEUES } from './queues'
import { moveOrder } from './move-order.server'
import { lockOrder, orderNotFound } from './order-lock.server'

type Staff = { id: string; email: string }

/** Cancels an unpaid order (created or awaiting payment); its coupon use is given back. */
export async function cancelOrderAsStaff(db: Db, staff: Staff, orderId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const move = (await moveOrder(tx, { orderId }, 'cancelled', { data: { by: 'staff' } })) ?? orderNotFound(orderId)
    if (!move.moved) throw new AppError('CONFLICT', 'Only unpaid orders can be cancelled')
    await recordAudit(tx, staff, {
      action: 'order.cancel',
      targetType: 'order',
      targetId: orderId,
      before: { status: move.order.status },
      after: { status: 'cancelled' },
    })
  })
}

/** Sends the delivery e-mail (with its codes or delivery reference) to the buyer once more. */
export async function resendDeliveryMail(db: Db, staff: Staff, orderId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId)
    if (order.status !== 'delivered') throw new AppError('CONFLICT', 'Only a delivered order has a delivery to resend')
    const [event] = await tx
      .insert(orderEvents)
      .values({ orderId, type: 'delivery_mail_resent', data: {} })
      .returning({ id: orderEvents.id })
    await enqueue(tx, {
      queue: ORDER_QUEUES.mail,
      payload: { orderId, kind: 'delivered', resendOf: event!.id },
      dedupeKey: `mail:delivered:${orderId}:resend:${event!.id}`,
    })
    await recordAudit(tx, staff, {
      action: 'order.resend_delivery',
      targetType: 'order',
      targetId: orderId,
      after: { event: event!.id },
    })
  })
}

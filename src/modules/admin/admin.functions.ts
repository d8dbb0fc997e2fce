/**
 * The back-office's server functions. Each checks the caller's role itself (the /admin layout's
 * guard only decides what to render): staff for reading, admin where the issue says so.
 */
import { createServerFn } from '@tanstack/react-start'
import { action, answer } from '~/modules/door/server-fn.server'
import { z } from 'zod'
import { getOrderDetail } from '~/modules/orders/order-queries.server'
import { refundAsStaff } from '~/modules/orders/staff-refund.server'
import { decideRefundApproval, refundApprovalsOf } from '~/modules/orders/refund-approvals.server'
import { orderIdSchema, supportReplyInputSchema } from '~/modules/orders/orders.schemas'
import { REFUND_DESTINATIONS } from '~/modules/orders/refunds'
import { cancelOrderAsStaff, resendDeliveryMail } from '~/modules/orders/staff-order-actions.server'
import { answerSupportRequest, supportInbox } from '~/modules/orders/support.server'
import { adminOrdersQuerySchema, auditQuerySchema, supportInboxQuerySchema } from './admin.schemas'
import { auditPage } from './audit-page.server'
import { dashboardFigures } from './dashboard.server'
import { searchOrders } from './orders.server'

/*
 * Every function below asks the door first: a caller who may not use it is refused by a throw
 * (401 signed out, 403 shopper, promoter or support where admin-only); what a permitted action
 * then refuses (a conflict, the support refund limit) is its ActionResult for the screen to show.
 */

export const adminDashboardFn = createServerFn({ method: 'GET' }).handler(
  answer('staff', async ({ db }) => {
    // The real clock, not the test clock: the figures compare against times the database stamped
    // (paid events, jobs, webhooks), ADR 061.
    return dashboardFigures(db, new Date())
  }),
)

export const adminOrdersFn = createServerFn({ method: 'GET' })
  .validator(adminOrdersQuerySchema)
  .handler(
    answer('staff', async ({ db, data }) => {
      return searchOrders(db, data)
    }),
  )

/**
 * Any shopper's order, with its timeline and payments (staff). Delivered game codes stay the
 * buyer's: staff see how many were delivered, never the codes.
 */
export const adminOrderFn = createServerFn({ method: 'GET' })
  .validator(z.object({ id: orderIdSchema }))
  .handler(
    answer('staff', async ({ db, data }) => {
      const order = await getOrderDetail(db, null, data.id)
      return { ...order, items: order.items.map((item) => ({ ...item, codes: item.codes.map(() => '••••') })) }
    }),
  )

/**
 * Refund all or part of what is left, through the gateway or (destination `credit`) into the
 * shopper's store credit at once: support within its limits (per order, per day; to credit beyond
 * the order limit the refund waits for a second staff member), admins any amount, nobody their own
 * order (audited). The amount is checked by the use case, so a refused one is an
 * ActionResult the screen can show.
 */
export const adminRefundFn = createServerFn({ method: 'POST' })
  .validator(
    z.object({
      id: orderIdSchema,
      amountMinor: z.number().optional(),
      reason: z.string().optional(),
      destination: z.enum(REFUND_DESTINATIONS).optional(),
    }),
  )
  .handler(
    action('staff-step-up', ({ db, data, caller: staff }) => {
      const { id, ...input } = data
      return refundAsStaff(db, staff, id, input)
    }),
  )

/** One order's support refunds to credit waiting for (or decided by) a second staff member. */
export const adminRefundApprovalsFn = createServerFn({ method: 'GET' })
  .validator(z.object({ id: orderIdSchema }))
  .handler(answer('staff', ({ db, data }) => refundApprovalsOf(db, data.id)))

/** Approve (the refund to credit is made) or reject one; never the staff member who asked (audited). */
export const adminDecideRefundApprovalFn = createServerFn({ method: 'POST' })
  .validator(z.object({ id: z.uuid(), decision: z.enum(['approve', 'reject']) }))
  .handler(
    action('staff-step-up', ({ db, data, caller: staff }) => decideRefundApproval(db, staff, data.id, data.decision)),
  )

/** Cancel an order that is not paid yet (staff, audited). */
export const adminCancelOrderFn = createServerFn({ method: 'POST' })
  .validator(z.object({ id: orderIdSchema }))
  .handler(action('staff', ({ db, data, caller: staff }) => cancelOrderAsStaff(db, staff, data.id)))

/** Send a delivered order's delivery e-mail to the buyer again (staff, audited). */
export const adminResendDeliveryFn = createServerFn({ method: 'POST' })
  .validator(z.object({ id: orderIdSchema }))
  .handler(action('staff', ({ db, data, caller: staff }) => resendDeliveryMail(db, staff, data.id)))

/** Support requests: waiting ones first come, first served; answered ones newest first. */
export const adminSupportInboxFn = createServerFn({ method: 'GET' })
  .validator(supportInboxQuerySchema)
  .handler(
    answer('staff', async ({ db, data }) => {
      return supportInbox(db, data)
    }),
  )

/** Answer a support request: the shopper sees it on the order page and gets a mail (audited). */
export const adminSupportReplyFn = createServerFn({ method: 'POST' })
  .validator(supportReplyInputSchema)
  .handler(action('staff', ({ db, data, caller: staff }) => answerSupportRequest(db, staff, data)))

/** The audit log, newest first (admins). */
export const adminAuditFn = createServerFn({ method: 'GET' })
  .validator(auditQuerySchema)
  .handler(
    answer('admin', async ({ db, data }) => {
      return auditPage(db, data)
    }),
  )

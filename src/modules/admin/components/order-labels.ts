/**
 * Order wording for operators (the back office's catalogue): where the shopper reads "Awaiting
 * payment" twice or "Needs your player details", staff read what the order is actually waiting for.
 * Statuses not listed here read the same for both.
 */
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { STATUS_LABELS } from '~/modules/orders/components/labels'
import type { OrderStatus } from '~/modules/orders/order-status'

export const STAFF_STATUS_LABELS: Record<OrderStatus, MessageDescriptor> = {
  ...STATUS_LABELS,
  created: msg`Placed, no payment started`,
  awaiting_payment: msg`Payment started`,
  needs_player_details: msg`Needs player details`,
}

/** History entries the shopper's wording would repeat (the failed status already says "Delivery failed"). */
export const STAFF_EVENT_LABELS: Record<string, MessageDescriptor> = {
  delivery_failed: msg`Supplier refused the delivery`,
  refund_to_credit_chosen: msg`The shopper chose store credit for the refund`,
  refund_to_card_chosen: msg`The shopper chose a refund to the card or wallet`,
}

/** The reasons the shop itself gives an automatic refund (staff type their own, shown as typed). */
export const REFUND_REASON_LABELS: Record<string, MessageDescriptor> = {
  delivery_failed: msg`Automatic: the delivery failed`,
  player_fix_expired: msg`Automatic: the player details were not corrected in time`,
  shopper_chose_credit: msg`The shopper chose store credit`,
  shopper_chose_card: msg`The shopper chose a refund to the card or wallet`,
}

/**
 * Translated labels for the codes the server sends (statuses, failure codes, issue codes). The
 * server stays locale-free; every message the shopper reads about an order comes from here.
 */
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { PaymentStatus } from '~/modules/orders/payment-attempts'
import type { OrderStatus } from '~/modules/orders/order-status'
import type { RefundStatus } from '~/modules/orders/refunds'
import type { SupportTopic } from '~/modules/orders/support-topics'

export const STATUS_LABELS: Record<OrderStatus, MessageDescriptor> = {
  created: msg`Awaiting payment`,
  awaiting_payment: msg`Awaiting payment`,
  paid: msg({ message: 'Paid', context: 'order status' }),
  fulfilling: msg`Delivering`,
  delivered: msg`Delivered`,
  failed: msg`Delivery failed`,
  needs_player_details: msg`Needs your player details`,
  refunded: msg`Refunded`,
  cancelled: msg`Cancelled`,
  expired: msg`Expired`,
}

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, MessageDescriptor> = {
  pending: msg`Started`,
  requires_action: msg`Waiting for verification`,
  succeeded: msg({ message: 'Paid', context: 'payment status' }),
  failed: msg({ message: 'Failed', context: 'payment status' }),
  cancelled: msg`Cancelled`,
  refunded: msg`Refunded`,
}

export const FAILURE_LABELS: Record<string, MessageDescriptor> = {
  card_declined: msg`Your card was declined. Try another card or pay with the wallet.`,
  '3ds_failed': msg`The card verification failed, so the card was not charged.`,
  cancelled_by_payer: msg`You cancelled the payment in the wallet.`,
  gateway_unavailable: msg`The payment service could not be reached. Please try again.`,
  session_expired: msg`The payment page closed before the payment was made.`,
  async_payment_failed: msg`The payment did not go through, so nothing was charged.`,
  payment_denied: msg`The payment provider refused the payment.`,
}

export const DELIVERY_FAILURE_LABELS: Record<string, MessageDescriptor> = {
  PLAYER_ACCOUNT_LOCKED: msg`The game refused the top-up for this player account.`,
  PLAYER_NOT_FOUND: msg`The game does not know this player.`,
  INVALID_PLAYER_ID: msg`The player ID is not valid.`,
  WRONG_SERVER: msg`The player is not on this server.`,
  REGION_MISMATCH: msg`The player's account is in another region.`,
  OUT_OF_STOCK: msg`This package sold out before we could deliver it.`,
}

export const EVENT_LABELS: Record<string, MessageDescriptor> = {
  order_placed: msg`Order placed`,
  payment_started: msg`Payment started`,
  payment_requires_action: msg`Card verification requested`,
  payment_succeeded: msg`Payment received`,
  payment_failed: msg`Payment failed`,
  payment_cancelled: msg`Payment cancelled`,
  payment_refunded: msg`Money returned`,
  payment_refund_scheduled: msg`Extra payment will be returned`,
  delivery_failed: msg`Delivery failed`,
  player_fix_expired: msg`Time to correct the player details ran out`,
  player_fixed: msg`Player details corrected`,
  refund_to_credit_chosen: msg`You chose store credit for the refund`,
  refund_to_card_chosen: msg`You chose a refund to your card or wallet`,
  refund_choice_expired: msg`No refund choice made in time: refunding to the card or wallet`,
  support_request: msg`Help requested`,
  support_reply: msg`Support replied`,
  delivery_mail_resent: msg`Delivery e-mail sent again`,
  refund_skipped: msg`No payment to return`,
  refund_requested: msg`Refund requested`,
  partial_refund: msg`Part of the order refunded`,
  refund_failed: msg`Refund refused by the payment service`,
  delivered_after_refund: msg`Delivered by the supplier after the refund`,
  delivery_delayed: msg`Delivery is delayed: our supplier is not answering right now. Your order is paid and will be delivered as soon as it is back; there is nothing you need to do.`,
}

export const REFUND_STATUS_LABELS: Record<RefundStatus, MessageDescriptor> = {
  requested: msg`Refund pending`,
  succeeded: msg`Refunded`,
  failed: msg({ message: 'Refund failed', context: 'refund status' }),
}

export const TOPIC_LABELS: Record<SupportTopic, MessageDescriptor> = {
  not_received: msg`I did not receive my order`,
  wrong_player: msg`I entered the wrong player details`,
  payment: msg`A problem with the payment`,
  refund: msg`A question about a refund`,
  other: msg`Something else`,
}

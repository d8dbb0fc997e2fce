/**
 * Translated labels for the codes the server sends (statuses, failure codes, issue codes). The
 * server stays locale-free; every message the shopper reads about an order comes from here.
 */
import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { ErrorCode } from '~/modules/errors/app-error'
import type { PaymentStatus } from '~/modules/payments/payment-status'
import type { OrderStatus } from '../order-status'
import type { SupportTopic } from '../support-topics'

export const STATUS_LABELS: Record<OrderStatus, MessageDescriptor> = {
  created: msg`Awaiting payment`,
  awaiting_payment: msg`Awaiting payment`,
  paid: msg({ message: 'Paid', context: 'order status' }),
  fulfilling: msg`Delivering`,
  delivered: msg`Delivered`,
  failed: msg`Delivery failed`,
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
}

export const DELIVERY_FAILURE_LABELS: Record<string, MessageDescriptor> = {
  PLAYER_ACCOUNT_LOCKED: msg`The game refused the top-up for this player account.`,
  PLAYER_NOT_FOUND: msg`The game does not know this player.`,
  INVALID_PLAYER_ID: msg`The player ID is not valid.`,
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
  support_request: msg`Help requested`,
  refund_skipped: msg`No payment to return`,
}

export const TOPIC_LABELS: Record<SupportTopic, MessageDescriptor> = {
  not_received: msg`I did not receive my order`,
  wrong_player: msg`I entered the wrong player details`,
  payment: msg`A problem with the payment`,
  refund: msg`A question about a refund`,
  other: msg`Something else`,
}

export const COUPON_REASONS: Record<string, MessageDescriptor> = {
  not_found: msg`This coupon code does not exist.`,
  inactive: msg`This coupon code does not exist.`,
  not_yet_valid: msg`This coupon is not valid yet.`,
  expired: msg`This coupon has expired.`,
  used_up: msg`This coupon has been used up.`,
  already_used: msg`You have already used this coupon.`,
  currency: msg`This coupon cannot be used in this currency.`,
  scope: msg`This coupon does not apply to these products.`,
  not_stackable: msg`This coupon cannot be combined with another coupon.`,
}

const ISSUE_LABELS: Record<string, MessageDescriptor> = {
  TOTAL_MISMATCH: msg`The price changed. Check the new total and confirm again.`,
  IDEMPOTENCY_KEY_REUSED: msg`This order was already submitted with other details. Reload the page.`,
  CURRENCY_NOT_AVAILABLE: msg`This package is not sold in this currency.`,
  ONE_GAME_PER_ORDER: msg`One order can only contain one game.`,
  OUT_OF_STOCK: msg`This package is sold out.`,
  ORDER_NOT_PAYABLE: msg`This order can no longer be paid.`,
  ORDER_EXPIRED: msg`This order has expired. Please place a new one.`,
  METHOD_NOT_AVAILABLE: msg`This payment method is not available for this currency.`,
  PLAYER_NOT_FOUND: msg`No player with this ID.`,
  INVALID_PLAYER_ID: msg`Enter 6 to 12 digits, numbers only.`,
  WRONG_SERVER: msg`This player is not on that server.`,
  required: msg`This field is required.`,
  format: msg`Enter 6 to 12 digits, numbers only.`,
  option: msg`Choose one of the listed servers.`,
}

const CODE_LABELS: Partial<Record<ErrorCode, MessageDescriptor>> = {
  UNAUTHENTICATED: msg`Please sign in to continue.`,
  NOT_FOUND: msg`We could not find this order.`,
  RATE_LIMITED: msg`Too many attempts. Please wait a moment.`,
  PAYMENT_FAILED: msg`The payment service could not be reached. Please try again.`,
}

/** "add $2.01 to use this coupon" needs the amount: the caller passes it formatted. */
export function couponReasonText(i18n: I18n, reason: string | undefined, missing?: string): string {
  if (reason === 'min_spend' && missing) return i18n._(msg`Add ${missing} to use this coupon.`)
  return i18n._(COUPON_REASONS[reason ?? ''] ?? msg`This coupon cannot be used on this order.`)
}

/** One sentence for a refused action, from its most specific issue code. */
export function actionErrorText(i18n: I18n, error: { code: ErrorCode; issues: string[] }): string {
  for (const issue of error.issues) {
    const [code, arg] = issue.split(':')
    if (code && COUPON_REASONS[code] && arg) return i18n._(COUPON_REASONS[code]!)
    const label = ISSUE_LABELS[code ?? '']
    if (label) return i18n._(label)
  }
  return i18n._(CODE_LABELS[error.code] ?? msg`Something went wrong. Please try again.`)
}

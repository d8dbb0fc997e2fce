/**
 * One sentence for a refused action (an ActionResult failure), from its most specific issue code,
 * else its error code. The server stays locale-free; every door's refusal is worded here.
 */
import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { COUPON_REASONS } from '~/modules/coupons/coupon-labels'
import type { ErrorCode } from './app-error'
import { retryAfterText } from './retry-after-text'

const ISSUE_LABELS: Record<string, MessageDescriptor> = {
  TOTAL_MISMATCH: msg`The price changed. Check the new total and confirm again.`,
  IDEMPOTENCY_KEY_REUSED: msg`This order was already submitted with other details. Reload the page.`,
  CURRENCY_NOT_AVAILABLE: msg`This package is not sold in this currency.`,
  ONE_GAME_PER_ORDER: msg`One order can only contain one game.`,
  OUT_OF_STOCK: msg`This package is sold out.`,
  ORDER_NOT_PAYABLE: msg`This order can no longer be paid.`,
  ORDER_EXPIRED: msg`This order has expired. Please place a new one.`,
  METHOD_NOT_AVAILABLE: msg`This payment method is not available for this currency.`,
  PROVIDER_UNAVAILABLE: msg`The payment provider is unavailable right now. Your order is kept: please try again.`,
  PLAYER_NOT_FOUND: msg`No player with this ID.`,
  INVALID_PLAYER_ID: msg`Enter 6 to 12 digits, numbers only.`,
  WRONG_SERVER: msg`This player is not on that server.`,
  required: msg`This field is required.`,
  format: msg`Enter 6 to 12 digits, numbers only.`,
  option: msg`Choose one of the listed servers.`,
  above_refund_limit: msg`This refund is above your refund limit. Ask an admin.`,
  above_order_refund_limit: msg`Support refunds on this order would pass the support limit. Ask an admin.`,
  above_daily_refund_limit: msg`This refund would pass your daily refund limit. Ask an admin.`,
  staff_factor_required: msg`Confirm your second factor (authenticator code or passkey) first.`,
  staff_factor_enrolment_required: msg`Set up your second factor (authenticator app or passkey) first.`,
  staff_step_up_required: msg`Confirm again with your authenticator code or passkey (in the side bar), then try again.`,
  wrong_code: msg`This code is not right. Check your authenticator app and try again.`,
  totp_code_used: msg`This code was already used. Wait for the next code in your authenticator app and enter that one.`,
  already_enrolled: msg`Your authenticator app is already set up.`,
  not_enrolling: msg`Start the set-up first.`,
  passkey_cancelled: msg`The passkey prompt was closed before it finished. Try again when you are ready.`,
  passkey_already_registered: msg`This passkey is already registered. Use it to sign in, or add one from another device.`,
  passkey_unsupported: msg`This browser cannot use passkeys. Try another browser or device.`,
  passkey_not_recognised: msg`This passkey is not recognised here. Try again, or use another one.`,
  passkey_expired: msg`The passkey request has expired. Please try again.`,
  passkey_not_found: msg`This passkey no longer exists. Reload the page.`,
  too_many_passkeys: msg`You have the most passkeys allowed: remove one first.`,
  no_passkey: msg`No passkey is set up for this account.`,
  last_staff_factor: msg`This is your only second factor for the back office: set up another one before removing it.`,
  passkey_staff_confirm: msg`Staff accounts: confirm your second factor in the back office first, then try again.`,
  own_order: msg`You cannot refund your own order. Another staff member must do it.`,
  second_approver_required: msg`A different staff member must decide on this.`,
  not_refundable: msg`This order cannot be refunded in its current state.`,
  not_waiting_for_player: msg`This order is no longer waiting for player details.`,
  refund_pending: msg`A refund is already under way.`,
  above_refundable: msg`This is more than is left to refund on this order.`,
  admin_only: msg`Only an admin can do this.`,
  invalid_transition: msg`Someone changed this meanwhile. Reload the page and check again.`,
  already_reviewed: msg`This flag was already reviewed.`,
  not_grantable: msg`Only a self-referral flag on an order with an amount can be granted.`,
  order_not_earning: msg`This order no longer earns commission (refunded, cancelled or failed).`,
  last_admin: msg`The shop must keep at least one admin: make someone else admin first.`,
  no_account: msg`No account uses this e-mail: the person signs up first.`,
  too_long: msg`A field is longer than allowed: shorten it and try again.`,
  player_not_found: msg`No player with this ID.`,
  invalid_player_id: msg`Enter 6 to 12 digits, numbers only.`,
  wrong_server: msg`This player is not on that server.`,
  duplicate_profile: msg`This player is already saved for this game.`,
  too_many_profiles: msg`You have saved the most players allowed for this game: delete one first.`,
  profile_not_found: msg`This saved player no longer exists.`,
  credit_insufficient: msg`Your store credit no longer covers this amount: it changed meanwhile. Check the amounts and try again.`,
  credit_above_total: msg`Store credit cannot pay more than the order total.`,
  stale_version: msg`Someone else changed this since you opened it. Reload to see their version, then make your change again.`,
}

const CODE_LABELS: Partial<Record<ErrorCode, MessageDescriptor>> = {
  UNAUTHENTICATED: msg`Please sign in to continue.`,
  NOT_FOUND: msg`We could not find this order.`,
  PAYMENT_FAILED: msg`The payment service could not be reached. Please try again.`,
  UNAVAILABLE: msg`The shop is briefly unavailable. Please try again in a few seconds.`,
}

export function actionErrorText(
  i18n: I18n,
  error: { code: ErrorCode; issues: string[]; retryAfterSeconds?: number },
): string {
  if (error.code === 'RATE_LIMITED') return retryAfterText(i18n, error.retryAfterSeconds)
  for (const issue of error.issues) {
    const [code, arg] = issue.split(':')
    if (code && COUPON_REASONS[code] && arg) return i18n._(COUPON_REASONS[code]!)
    const label = ISSUE_LABELS[code ?? '']
    if (label) return i18n._(label)
  }
  return i18n._(CODE_LABELS[error.code] ?? msg`Something went wrong. Please try again.`)
}

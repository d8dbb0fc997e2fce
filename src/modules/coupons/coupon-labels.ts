/** Why a coupon cannot be used, in the shopper's language (the server sends reason codes only). */
import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'

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

/** "add $2.01 to use this coupon" needs the amount: the caller passes it formatted. */
export function couponReasonText(i18n: I18n, reason: string | undefined, missing?: string): string {
  if (reason === 'min_spend' && missing) return i18n._(msg`Add ${missing} to use this coupon.`)
  return i18n._(COUPON_REASONS[reason ?? ''] ?? msg`This coupon cannot be used on this order.`)
}

/**
 * Creator-code rules as pure functions (client-safe): the code's form, and the shopper discount
 * (ADR 121). The server applies them at quote and order time; the page only shows the result.
 */

/** 3–20 letters, digits, "-" or "_": readable aloud on a stream, safe in a URL. */
export const CREATOR_CODE_PATTERN = /^[A-Za-z0-9_-]{3,20}$/

/** The code as typed, without surrounding spaces; undefined when it is not a possible code. */
export function cleanCreatorCode(input: string): string | undefined {
  const value = input.trim()
  return CREATOR_CODE_PATTERN.test(value) ? value : undefined
}

/** Codes are case-insensitive: "NinjaPlays" and "ninjaplays" are one code. */
export function creatorCodeKey(code: string): string {
  return code.trim().toLowerCase()
}

/** The most a creator code may take off: 50 %. Higher would be a coupon, not a thank-you. */
export const MAX_CREATOR_DISCOUNT_BPS = 5000

export interface CreatorDiscountTerms {
  /** Basis points of the order after coupons; null: the code gives no discount. */
  discountBps: number | null
  /** Cap per currency in minor units; a currency without a cap gets no discount. */
  discountCaps: Record<string, number>
  stacksWithCoupons: boolean
}

export type CreatorDiscount =
  | { applied: true; discountMinor: number }
  /** none: the code has no discount (or none in this currency); coupon: not combined with the order's coupon. */
  | { applied: false; reason: 'none' | 'coupon'; discountMinor: 0 }

/**
 * The discount a code gives an order: percent of what is left after coupons, rounded down, never
 * more than the currency's cap or the amount itself. With a coupon on the order it applies only
 * when the admin let this code stack.
 */
export function creatorDiscount(
  terms: CreatorDiscountTerms,
  order: { currency: string; afterCouponsMinor: number; hasCoupon: boolean },
): CreatorDiscount {
  const cap = terms.discountCaps[order.currency]
  if (!terms.discountBps || cap === undefined || cap <= 0 || order.afterCouponsMinor <= 0) {
    return { applied: false, reason: 'none', discountMinor: 0 }
  }
  if (order.hasCoupon && !terms.stacksWithCoupons) return { applied: false, reason: 'coupon', discountMinor: 0 }
  const raw = Math.floor((order.afterCouponsMinor * terms.discountBps) / 10_000)
  const discountMinor = Math.min(raw, cap, order.afterCouponsMinor)
  return discountMinor > 0 ? { applied: true, discountMinor } : { applied: false, reason: 'none', discountMinor: 0 }
}

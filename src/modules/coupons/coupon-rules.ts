/**
 * Coupon rules as pure functions (client-safe): whether a coupon applies to a cart and how much it
 * takes off. The server re-evaluates them at order time; the usage counters themselves are only
 * trusted from the database (guarded UPDATE in the order transaction).
 */
export interface CouponRule {
  id: number
  code: string
  kind: 'percent' | 'fixed'
  percent: number | null
  /** Fixed discount per currency, minor units. */
  amounts: Record<string, number> | null
  /** Minimum eligible subtotal per currency; a missing currency means no minimum. */
  minSpend: Record<string, number>
  startsAt: Date | null
  endsAt: Date | null
  usageLimit: number | null
  used: number
  perCustomerLimit: number | null
  stackable: boolean
  gameIds: number[] | null
  categoryIds: number[] | null
  active: boolean
}

export interface CartLine {
  gameId: number
  categoryId: number
  /** Line total in minor units (unit price × quantity). */
  amountMinor: number
}

export interface CouponContext {
  now: Date
  currency: string
  lines: readonly CartLine[]
  /** Orders of this customer that hold this coupon (reserved or redeemed). */
  customerUses: number
}

export const COUPON_REJECTIONS = [
  'inactive',
  'not_yet_valid',
  'expired',
  'used_up',
  'already_used',
  'currency',
  'scope',
  'min_spend',
  'not_stackable',
] as const
export type CouponRejection = (typeof COUPON_REJECTIONS)[number]

export type CouponCheck =
  | { ok: true; eligibleMinor: number; discountMinor: number }
  /** `missingMinor`: with min_spend, how much more to add to use the coupon. */
  | { ok: false; reason: CouponRejection; missingMinor?: number }

/** Rules that do not depend on a cart: the state shown on the /coupon page. */
export function couponAvailability(
  c: CouponRule,
  now: Date,
  customerUses: number,
): { ok: true } | { ok: false; reason: CouponRejection } {
  if (!c.active) return { ok: false, reason: 'inactive' }
  if (c.startsAt && now < c.startsAt) return { ok: false, reason: 'not_yet_valid' }
  if (c.endsAt && now >= c.endsAt) return { ok: false, reason: 'expired' }
  if (c.perCustomerLimit !== null && customerUses >= c.perCustomerLimit) return { ok: false, reason: 'already_used' }
  if (c.usageLimit !== null && c.used >= c.usageLimit) return { ok: false, reason: 'used_up' }
  return { ok: true }
}

export function isInScope(c: CouponRule, line: CartLine): boolean {
  const games = c.gameIds?.length ? c.gameIds : null
  const cats = c.categoryIds?.length ? c.categoryIds : null
  if (!games && !cats) return true
  return (games?.includes(line.gameId) ?? false) || (cats?.includes(line.categoryId) ?? false)
}

export function evaluateCoupon(c: CouponRule, ctx: CouponContext): CouponCheck {
  const available = couponAvailability(c, ctx.now, ctx.customerUses)
  if (!available.ok) return available
  const fixed = c.kind === 'fixed' ? c.amounts?.[ctx.currency] : undefined
  if (c.kind === 'fixed' && fixed === undefined) return { ok: false, reason: 'currency' }
  const eligible = ctx.lines.filter((l) => isInScope(c, l)).reduce((sum, l) => sum + l.amountMinor, 0)
  if (eligible === 0) return { ok: false, reason: 'scope' }
  const min = c.minSpend[ctx.currency] ?? 0
  if (eligible < min) return { ok: false, reason: 'min_spend', missingMinor: min - eligible }
  // Rounded down: a discount never exceeds what the shopper was promised.
  const discount = c.kind === 'percent' ? Math.floor((eligible * (c.percent ?? 0)) / 100) : Math.min(fixed!, eligible)
  return { ok: true, eligibleMinor: eligible, discountMinor: discount }
}

export interface AppliedCoupons {
  results: { code: string; check: CouponCheck }[]
  /** Sum of the accepted discounts, never more than the subtotal. */
  discountMinor: number
}

/**
 * Several codes on one order: each is checked on its own, in the order given; a non-stackable
 * coupon neither joins nor admits another accepted coupon (the first accepted one stays). Discounts
 * add up, capped at the subtotal, so a total never goes negative.
 */
export function applyCoupons(
  coupons: readonly CouponRule[],
  ctx: Omit<CouponContext, 'customerUses'> & { usesOf: (couponId: number) => number },
): AppliedCoupons {
  const unique = coupons.filter((c, i) => coupons.findIndex((o) => o.id === c.id) === i)
  const accepted: CouponRule[] = []
  const results = unique.map((c) => {
    let check = evaluateCoupon(c, { ...ctx, customerUses: ctx.usesOf(c.id) })
    if (check.ok && accepted.length > 0 && (!c.stackable || accepted.some((a) => !a.stackable))) {
      check = { ok: false, reason: 'not_stackable' }
    }
    if (check.ok) accepted.push(c)
    return { code: c.code, check }
  })
  const subtotal = ctx.lines.reduce((sum, l) => sum + l.amountMinor, 0)
  const sum = results.reduce((acc, r) => acc + (r.check.ok ? r.check.discountMinor : 0), 0)
  return { results, discountMinor: Math.min(sum, subtotal) }
}

/** Normalises what a shopper typed: codes are stored upper-case without spaces. */
export function normalizeCouponCode(input: string): string {
  return input.trim().toUpperCase().replace(/\s+/g, '')
}

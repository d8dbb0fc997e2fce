/**
 * Coupon codes are secrets of a kind: every door that tells a valid code from an invalid one
 * (preview, redeem, the order's coupon field) spends the caller's lookup budget, per client and
 * per signed-in user. A code that does not exist costs five times a found one, so guessing runs
 * out fast while a shopper re-pricing an order with a real code does not. The full weight is
 * reserved before looking and the difference given back for codes that exist: charged after the
 * answer, parallel guesses each got an answer for one unit (five times the budget).
 */
import { config } from '../../../app.config'
import type { Db } from '~/server/db/client'
import { hitRateLimits, perCaller, refundRateLimits, type Caller } from '~/server/rate-limit'
import { normalizeCouponCode, type CouponRule } from './coupon-rules'
import { loadCoupons } from './coupons.server'

const WINDOW_SECONDS = 10 * 60
export const FAILED_LOOKUP_WEIGHT = 5

/** loadCoupons, charged to the caller; throws RATE_LIMITED (429, Retry-After) once COUPON_LOOKUP_LIMIT is spent. */
export async function lookUpCoupons(
  db: Db,
  codes: readonly string[],
  caller: Caller | undefined,
): Promise<CouponRule[]> {
  const wanted = new Set(codes.map(normalizeCouponCode).filter(Boolean))
  if (!caller || wanted.size === 0) return loadCoupons(db, codes)
  const limits = perCaller('coupon', caller, config().COUPON_LOOKUP_LIMIT, WINDOW_SECONDS)
  const now = Date.now()
  await hitRateLimits(db, limits, { weight: wanted.size * FAILED_LOOKUP_WEIGHT, now })
  const found = await loadCoupons(db, codes)
  const known = found.filter((c) => c.active).length
  if (known > 0) await refundRateLimits(db, limits, known * (FAILED_LOOKUP_WEIGHT - 1), now)
  return found
}

/**
 * /order/confirm's search params: what the offer page's "Continue to checkout" link carries
 * (offerId, skuId, currency, playerId, server), plus quantity and a coupon code. Client-safe.
 */
import { intIn, matching, searchOf, text } from '~/modules/shell/route-params'
import { MAX_QUANTITY } from './orders.schemas'

// The router parses search values as JSON, so a numeric player ID arrives as a number: text()
// takes both.
export const checkoutSearchSchema = searchOf({
  offerId: intIn(1, Number.MAX_SAFE_INTEGER),
  skuId: intIn(1, Number.MAX_SAFE_INTEGER),
  currency: matching(/^[A-Z]{3}$/),
  quantity: intIn(1, MAX_QUANTITY),
  playerId: text(64),
  server: text(64),
  coupon: text(40),
})
export type CheckoutSearch = ReturnType<typeof checkoutSearchSchema>

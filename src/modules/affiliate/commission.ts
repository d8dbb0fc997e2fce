/** Commission arithmetic (pure). Money is integer minor units; rounding favours neither side silently. */

export const BPS = 10_000

/** rate × net amount, rounded down: a fraction of a cent is never paid out. */
export function commissionMinor(baseMinor: number, rateBps: number): number {
  if (!Number.isInteger(baseMinor) || baseMinor < 0) throw new RangeError('base must be a non-negative integer')
  if (!Number.isInteger(rateBps) || rateBps < 0 || rateBps > BPS) throw new RangeError('rate must be 0..10000 bps')
  return Math.floor((baseMinor * rateBps) / BPS)
}

export interface OrderAmounts {
  currency: string
  subtotalMinor: number
  totalMinor: number
}

export interface PricedItem {
  quantity: number
  /** The SKU's list price in the promoter's currency, or undefined when it has none. */
  unitPriceMinor: number | undefined
}

/**
 * The order's net amount (after coupon) in the promoter's currency. Same currency: the total.
 * Otherwise the same items at their list prices in the promoter's currency, scaled by the share
 * of the subtotal the shopper actually paid. No exchange rates: the catalogue's own hand-set
 * prices are the conversion. Undefined when an item has no price in that currency.
 */
export function commissionBase(order: OrderAmounts, promoterCurrency: string, items: PricedItem[]): number | undefined {
  if (order.currency === promoterCurrency) return order.totalMinor
  if (order.subtotalMinor <= 0) return 0
  let listed = 0
  for (const item of items) {
    if (item.unitPriceMinor === undefined) return undefined
    listed += item.quantity * item.unitPriceMinor
  }
  return Math.round((listed * order.totalMinor) / order.subtotalMinor)
}

/** Orders over clicks as a percentage with one decimal; 0 when there were no clicks. */
export function conversionRate(orders: number, clicks: number): number {
  if (clicks <= 0) return 0
  return Math.round((orders / clicks) * 1000) / 10
}

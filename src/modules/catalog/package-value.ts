/**
 * How much a package is worth next to the others of the same offer (pure, client-safe): the
 * bonus over the dearest package per unit, the best value, and the price per 100 units. Only
 * meaningful when the packages' values really differ, so small rounding gaps earn no badge.
 */

export interface PricedPackage {
  id: number
  quantity: number
  amountMinor: number
  available: boolean
}

export interface PackageValue {
  /** Extra units over the dearest package's rate, in whole percent (0: none worth showing). */
  bonusPercent: number
  bestValue: boolean
  /** Price of 100 units in minor units, rounded: for comparing packages, not for charging. */
  per100Minor: number
}

/** Differences below this share are price-point rounding, not value. */
const MIN_SPREAD = 0.05

export function packageValues(packages: readonly PricedPackage[]): Map<number, PackageValue> | null {
  const rated = packages.filter((p) => p.quantity > 0 && p.amountMinor > 0)
  if (rated.length < 2) return null
  const rate = (p: PricedPackage) => p.amountMinor / p.quantity
  const dearest = Math.max(...rated.map(rate))
  const cheapest = Math.min(...rated.map(rate))
  if (dearest / cheapest - 1 < MIN_SPREAD) return null
  const bestRate = Math.min(...rated.filter((p) => p.available).map(rate))
  return new Map(
    rated.map((p) => {
      const bonus = Math.round((dearest / rate(p) - 1) * 100)
      return [
        p.id,
        {
          bonusPercent: bonus >= MIN_SPREAD * 100 ? bonus : 0,
          bestValue: p.available && rate(p) === bestRate,
          per100Minor: Math.round(rate(p) * 100),
        },
      ]
    }),
  )
}

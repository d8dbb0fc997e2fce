import { describe, expect, it } from 'vitest'
import { packageValues } from '../../src/modules/catalog/package-value'

const pkg = (id: number, quantity: number, amountMinor: number, available = true) => ({
  id,
  quantity,
  amountMinor,
  available,
})

describe('package value badges', () => {
  it('gives bonus percentages over the dearest rate and marks the best value', () => {
    // 60 for 0.99, 300 for 4.99, 1980 for 29.99 (Starfall Legends in USD).
    const values = packageValues([pkg(1, 60, 99), pkg(2, 300, 499), pkg(3, 1980, 2999)])!
    expect(values.get(1)).toEqual({ bonusPercent: 0, bestValue: false, per100Minor: 165 })
    expect(values.get(2)).toEqual({ bonusPercent: 0, bestValue: false, per100Minor: 166 })
    expect(values.get(3)).toMatchObject({ bonusPercent: 10, bestValue: true, per100Minor: 151 })
  })

  it('shows nothing when the packages are worth the same (gift cards, rounding)', () => {
    expect(packageValues([pkg(1, 10, 1049), pkg(2, 25, 2599), pkg(3, 50, 5149)])).toBeNull()
    expect(packageValues([pkg(1, 100, 99)])).toBeNull()
  })

  it('never calls a package that cannot be bought the best value', () => {
    const values = packageValues([pkg(1, 100, 100), pkg(2, 1000, 500, false), pkg(3, 500, 400)])!
    expect(values.get(2)).toMatchObject({ bonusPercent: 100, bestValue: false })
    expect(values.get(3)).toMatchObject({ bestValue: true })
  })
})

import { describe, expect, it } from 'vitest'
import { checkoutSearchSchema } from '../../src/modules/orders/checkout-search'
import {
  ensureParam,
  intIn,
  isoDay,
  offerIdParam,
  oneOf,
  searchOf,
  slugParam,
  text,
  uuid,
} from '../../src/modules/shell/route-params'

describe('route params and search checks (no schema library on the client)', () => {
  it('accepts integers in range, from numbers or numeric strings, and nothing else', () => {
    const page = intIn(1, 10_000)
    expect([page(3), page('3'), page(' 7 '), page(10_000)]).toEqual([3, 3, 7, 10_000])
    expect([page(0), page('1.5'), page(''), page('x'), page(null), page(10_001), page(true)]).toEqual(
      Array(7).fill(undefined),
    )
  })

  it('checks enums, uuids, calendar days and free text', () => {
    expect(oneOf(['a', 'b'])('b')).toBe('b')
    expect(oneOf(['a', 'b'])('c')).toBeUndefined()
    expect(uuid('0f8fad5b-d9cb-469f-a165-70867728950e')).toBe('0f8fad5b-d9cb-469f-a165-70867728950e')
    expect(uuid('0f8fad5b-d9cb-469f-a165')).toBeUndefined()
    expect(isoDay('2028-02-29')).toBe('2028-02-29')
    expect([isoDay('2026-02-29'), isoDay('2026-13-01'), isoDay('2026-1-01')]).toEqual([undefined, undefined, undefined])
    expect(text(6)(123456)).toBe('123456')
    expect(text(6)('  abc  ')).toBe('abc')
    expect(text(6)('abcdefg')).toBeUndefined()
  })

  it('keeps only the declared search keys and turns bad values into undefined', () => {
    const search = searchOf({ page: intIn(1, 5), sort: oneOf(['name']) })
    expect(search({ page: '2', sort: 'price', extra: 'x' })).toEqual({ page: 2, sort: undefined })
    expect(checkoutSearchSchema({ offerId: '1', skuId: 2, currency: 'usd', quantity: 100, playerId: 123456 })).toEqual(
      expect.objectContaining({ offerId: 1, skuId: 2, currency: undefined, quantity: undefined, playerId: '123456' }),
    )
  })

  it('answers 404 for malformed params', () => {
    expect(ensureParam(offerIdParam, '12', '/offer/12')).toBe(12)
    expect(ensureParam(slugParam, 'mobile-games', '/categories/mobile-games')).toBe('mobile-games')
    expect(() => ensureParam(offerIdParam, '0', '/offer/0')).toThrow()
    expect(() => ensureParam(offerIdParam, '2147483648', '/offer/2147483648')).toThrow()
    expect(() => ensureParam(slugParam, '-x', '/categories/-x')).toThrow()
  })
})

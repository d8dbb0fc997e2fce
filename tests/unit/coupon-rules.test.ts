import { describe, expect, it } from 'vitest'
import {
  applyCoupons,
  couponAvailability,
  evaluateCoupon,
  normalizeCouponCode,
  type CouponRule,
} from '../../src/modules/coupons/coupon-rules'

const now = new Date('2026-06-15T12:00:00Z')
const rule = (over: Partial<CouponRule> = {}): CouponRule => ({
  id: 1,
  code: 'TEN',
  kind: 'percent',
  percent: 10,
  amounts: null,
  minSpend: {},
  startsAt: null,
  endsAt: null,
  usageLimit: null,
  used: 0,
  perCustomerLimit: null,
  stackable: false,
  gameIds: null,
  categoryIds: null,
  active: true,
  ...over,
})
const lines = [
  { gameId: 1, categoryId: 10, amountMinor: 1999 },
  { gameId: 2, categoryId: 20, amountMinor: 1000 },
]
const ctx = { now, currency: 'USD', lines, customerUses: 0 }

describe('coupon discount', () => {
  it('takes a percentage of the eligible subtotal, rounded down', () => {
    expect(evaluateCoupon(rule(), ctx)).toEqual({ ok: true, eligibleMinor: 2999, discountMinor: 299 })
    expect(evaluateCoupon(rule({ percent: 100 }), ctx)).toMatchObject({ discountMinor: 2999 })
  })

  it('takes a fixed amount per currency, never more than the eligible subtotal', () => {
    const fixed = rule({ kind: 'fixed', percent: null, amounts: { USD: 500, EUR: 450 } })
    expect(evaluateCoupon(fixed, ctx)).toMatchObject({ ok: true, discountMinor: 500 })
    expect(evaluateCoupon(fixed, { ...ctx, currency: 'EUR' })).toMatchObject({ ok: true, discountMinor: 450 })
    expect(evaluateCoupon(fixed, { ...ctx, currency: 'BRL' })).toEqual({ ok: false, reason: 'currency' })
    const big = rule({ kind: 'fixed', percent: null, amounts: { USD: 10_000 } })
    expect(evaluateCoupon(big, ctx)).toMatchObject({ discountMinor: 2999 })
  })
})

describe('coupon conditions', () => {
  it('says how much to add below the minimum spend, per currency', () => {
    const min = rule({ minSpend: { USD: 5000, EUR: 1000 } })
    expect(evaluateCoupon(min, ctx)).toEqual({ ok: false, reason: 'min_spend', missingMinor: 2001 })
    expect(evaluateCoupon(min, { ...ctx, currency: 'EUR' }).ok).toBe(true)
    expect(evaluateCoupon(min, { ...ctx, currency: 'BRL' }).ok).toBe(true) // no minimum set there
  })

  it('honours the validity window: not yet valid, valid, expired (end exclusive)', () => {
    const start = new Date('2026-07-01T00:00:00Z')
    const end = new Date('2026-06-15T12:00:00Z')
    expect(evaluateCoupon(rule({ startsAt: start }), ctx)).toEqual({ ok: false, reason: 'not_yet_valid' })
    expect(evaluateCoupon(rule({ endsAt: end }), ctx)).toEqual({ ok: false, reason: 'expired' })
    expect(evaluateCoupon(rule({ endsAt: new Date(end.getTime() + 1) }), ctx).ok).toBe(true)
  })

  it('applies only to games or categories in scope', () => {
    expect(evaluateCoupon(rule({ gameIds: [2] }), ctx)).toMatchObject({ eligibleMinor: 1000, discountMinor: 100 })
    expect(evaluateCoupon(rule({ categoryIds: [10] }), ctx)).toMatchObject({ eligibleMinor: 1999 })
    expect(evaluateCoupon(rule({ gameIds: [1], categoryIds: [20] }), ctx)).toMatchObject({ eligibleMinor: 2999 })
    expect(evaluateCoupon(rule({ gameIds: [9] }), ctx)).toEqual({ ok: false, reason: 'scope' })
    // Minimum spend counts the eligible lines only.
    expect(evaluateCoupon(rule({ gameIds: [2], minSpend: { USD: 1500 } }), ctx)).toEqual({
      ok: false,
      reason: 'min_spend',
      missingMinor: 500,
    })
  })

  it('refuses once the customer used it up, or everyone did', () => {
    expect(evaluateCoupon(rule({ perCustomerLimit: 1 }), { ...ctx, customerUses: 1 })).toEqual({
      ok: false,
      reason: 'already_used',
    })
    expect(evaluateCoupon(rule({ perCustomerLimit: 2 }), { ...ctx, customerUses: 1 }).ok).toBe(true)
    expect(evaluateCoupon(rule({ usageLimit: 10, used: 10 }), ctx)).toEqual({ ok: false, reason: 'used_up' })
    expect(evaluateCoupon(rule({ usageLimit: 10, used: 9 }), ctx).ok).toBe(true)
    expect(evaluateCoupon(rule({ active: false }), ctx)).toEqual({ ok: false, reason: 'inactive' })
  })

  it('gives the page state without a cart', () => {
    expect(couponAvailability(rule(), now, 0)).toEqual({ ok: true })
    expect(couponAvailability(rule({ endsAt: now }), now, 0)).toEqual({ ok: false, reason: 'expired' })
  })
})

describe('several coupons on one order', () => {
  const usesOf = () => 0
  const base = { now, currency: 'USD', lines, usesOf }
  it('stacks stackable coupons and caps the sum at the subtotal', () => {
    const a = rule({ id: 1, code: 'A', stackable: true, percent: 60 })
    const b = rule({ id: 2, code: 'B', stackable: true, percent: 60 })
    const r = applyCoupons([a, b], base)
    expect(r.results.every((x) => x.check.ok)).toBe(true)
    expect(r.discountMinor).toBe(2999)
  })

  it('keeps the first coupon and refuses a non-stackable second one', () => {
    const a = rule({ id: 1, code: 'A', stackable: true })
    const b = rule({ id: 2, code: 'B', stackable: false })
    expect(applyCoupons([a, b], base).results.map((r) => r.check.ok)).toEqual([true, false])
    expect(applyCoupons([b, a], base).results.map((r) => r.check.ok)).toEqual([true, false])
    expect(applyCoupons([b, a], base).results[1]!.check).toEqual({ ok: false, reason: 'not_stackable' })
  })

  it('counts a duplicate code once and evaluates each coupon with its own customer count', () => {
    const a = rule({ id: 1, code: 'A', perCustomerLimit: 1, stackable: true })
    const b = rule({ id: 2, code: 'B', stackable: true })
    expect(applyCoupons([a, a], base).results).toHaveLength(1)
    const r = applyCoupons([a, b], { ...base, usesOf: (id) => (id === 1 ? 1 : 0) })
    expect(r.results.map((x) => x.check.ok)).toEqual([false, true])
    expect(r.discountMinor).toBe(299)
  })

  it('normalises typed codes', () => {
    expect(normalizeCouponCode('  welcome 10 ')).toBe('WELCOME10')
  })
})

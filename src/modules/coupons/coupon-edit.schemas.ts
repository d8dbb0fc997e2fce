/**
 * What the back office's coupon editor sends and receives (client-safe). The editor checks a form
 * with these same schemas before sending it, so a field shows the server's rule. Every schema is
 * written from `z.` directly (ADR 041: chained constants are not tree-shaken). Custom messages are
 * issue codes that the back office words (admin/components/field-errors.ts).
 */
import { z } from 'zod'
import { checkAmount } from '~/modules/catalog/amount-rule'
import { CURRENCIES, type Currency } from '~/modules/catalog/money'
import { VERSION_PATTERN } from '~/modules/editing/version'

export const COUPONS_PAGE_SIZE = 25
export const COUPON_CODE_PATTERN = /^[A-Z0-9]+(?:[-_][A-Z0-9]+)*$/

export const adminCouponsQuerySchema = z.object({
  q: z.string().trim().max(40).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
})
export type AdminCouponsQuery = z.input<typeof adminCouponsQuerySchema>

export interface AdminCouponView {
  id: number
  code: string
  kind: 'percent' | 'fixed'
  percent: number | null
  amounts: Partial<Record<Currency, number>>
  minSpend: Partial<Record<Currency, number>>
  startsAt: string | null
  endsAt: string | null
  usageLimit: number | null
  used: number
  perCustomerLimit: number | null
  stackable: boolean
  gameIds: number[]
  categoryIds: number[]
  active: boolean
  listed: boolean
  /** Orders that paid with it (redeemed), and those still waiting for payment (reserved). */
  paidOrders: number
  pendingOrders: number
  version: string
}

export interface AdminCouponsPage {
  rows: AdminCouponView[]
  total: number
  page: number
  pageSize: number
}

export const adminCouponIdSchema = z.object({ id: z.number().int().positive().max(2_147_483_647) })

/**
 * Every rule the coupon engine (coupons/coupon-rules.ts) reads. Amounts are decimals per currency;
 * an empty amount leaves the currency out (a fixed coupon cannot be used in it; no minimum there).
 */
export const couponInputSchema = z
  .object({
    id: z.number().int().positive().max(2_147_483_647).optional(),
    version: z.string().regex(VERSION_PATTERN).optional(),
    code: z
      .string()
      .trim()
      .min(3, 'coupon_code')
      .max(40, 'too_long')
      .toUpperCase()
      .regex(COUPON_CODE_PATTERN, 'coupon_code'),
    kind: z.enum(['percent', 'fixed']),
    percent: z.number({ error: 'percent' }).int('percent').min(1, 'percent').max(100, 'percent').nullable(),
    amounts: z.record(z.enum(CURRENCIES), z.string().trim().max(20, 'too_long')),
    minSpend: z.record(z.enum(CURRENCIES), z.string().trim().max(20, 'too_long')),
    startsAt: z.iso.datetime({ offset: true, error: 'datetime' }).nullable(),
    endsAt: z.iso.datetime({ offset: true, error: 'datetime' }).nullable(),
    usageLimit: z.number({ error: 'integer' }).int('integer').min(1, 'positive').max(100_000_000).nullable(),
    perCustomerLimit: z.number({ error: 'integer' }).int('integer').min(1, 'positive').max(1_000_000).nullable(),
    stackable: z.boolean(),
    gameIds: z.array(z.number().int().positive()).max(500),
    categoryIds: z.array(z.number().int().positive()).max(100),
    listed: z.boolean(),
    active: z.boolean(),
  })
  .superRefine((c, ctx) => {
    if ((c.id === undefined) !== (c.version === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['version'], message: 'version' })
    }
    if (c.kind === 'percent' && c.percent === null) {
      ctx.addIssue({ code: 'custom', path: ['percent'], message: 'percent' })
    }
    let fixedAmounts = 0
    for (const currency of CURRENCIES) {
      const amount = c.amounts[currency]
      if (amount && c.kind === 'fixed') {
        fixedAmounts++
        checkAmount(amount, currency, ['amounts', currency], ctx)
      }
      const min = c.minSpend[currency]
      if (min) checkAmount(min, currency, ['minSpend', currency], ctx)
    }
    if (c.kind === 'fixed' && fixedAmounts === 0) {
      ctx.addIssue({ code: 'custom', path: ['amounts', CURRENCIES[0]], message: 'fixed_needs_currency' })
    }
    if (c.startsAt && c.endsAt && Date.parse(c.startsAt) >= Date.parse(c.endsAt)) {
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'window' })
    }
  })
export type CouponInput = z.input<typeof couponInputSchema>

export const couponActiveInputSchema = z.object({
  id: z.number().int().positive().max(2_147_483_647),
  version: z.string().regex(VERSION_PATTERN),
  active: z.boolean(),
})

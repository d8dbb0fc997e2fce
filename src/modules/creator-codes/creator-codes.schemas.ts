/** Creator codes' shapes (client-safe): what the pages get and send. */
import { z } from 'zod'
import { CURRENCIES } from '~/modules/catalog/money'
import { MAX_CREATOR_DISCOUNT_BPS } from './creator-rules'

/** The form sends what the person typed; the use case checks the code's form (so errors are codes). */
export const creatorCodeInputSchema = z.object({ code: z.string().max(64) })

/** The creator a shopper supports, as the checkout shows it. */
export interface CreatorSupport {
  code: string
  source: 'entered' | 'link'
  expiresAt: string
  discountBps: number | null
  discountCaps: Record<string, number>
  stacksWithCoupons: boolean
}

/** Orders, sales and commission of one way of attribution (creator code or referral link). */
export interface AttributionTotals {
  orders: number
  revenueMinor: number
  commissionMinor: number
}

/** The promoter's own code on the dashboard, with code and link attribution side by side. */
export interface MyCreatorCode {
  code: {
    code: string
    status: 'active' | 'disabled'
    discountBps: number | null
    discountCaps: Record<string, number>
    stacksWithCoupons: boolean
  } | null
  currency: string
  byCode: AttributionTotals
  byLink: AttributionTotals
  /** Shoppers supporting the code right now. */
  supporters: number
}

export const adminCreatorCodesQuerySchema = z.object({ q: z.string().trim().max(200).optional() })

const capsSchema = z.partialRecord(z.enum(CURRENCIES), z.number().int().min(1).max(10_000_000))

export const adminCreatorCodeActionSchema = z.object({
  id: z.number().int().positive(),
  decision: z.discriminatedUnion('action', [
    z.object({ action: z.literal('rename'), code: z.string().max(64) }),
    z.object({ action: z.literal('disable') }),
    z.object({ action: z.literal('enable') }),
    z.object({
      action: z.literal('discount'),
      discountBps: z.number().int().min(1).max(MAX_CREATOR_DISCOUNT_BPS).nullable(),
      discountCaps: capsSchema,
      stacksWithCoupons: z.boolean(),
    }),
  ]),
})
export type AdminCreatorCodeAction = z.infer<typeof adminCreatorCodeActionSchema>

export interface AdminCreatorCodeRow {
  id: number
  code: string
  status: 'active' | 'disabled'
  promoterId: string
  email: string
  discountBps: number | null
  discountCaps: Record<string, number>
  stacksWithCoupons: boolean
  orders: number
}

/** What /admin/promoters sends and receives (client-safe). Each input schema is built from `z.` directly (ADR 041). */
import { z } from 'zod'

export const PROMOTER_STATUS_VALUES = ['pending', 'active', 'suspended'] as const
export type PromoterStatusValue = (typeof PROMOTER_STATUS_VALUES)[number]

export const ADMIN_PROMOTERS_PAGE_SIZE = 25
export const FLAGS_PAGE_SIZE = 25

/** The promoters table: one search box (e-mail or promote code), a status, a page. */
export const adminPromotersQuerySchema = z.object({
  q: z.string().trim().max(254).optional(),
  status: z.enum(PROMOTER_STATUS_VALUES).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
})
/** As the screen and its URL hold it (the page a number: the schema also accepts it as text). */
export type AdminPromotersQuery = Omit<z.input<typeof adminPromotersQuerySchema>, 'page'> & { page?: number }

export const flagsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
})
export type FlagsQuery = z.input<typeof flagsQuerySchema>

/** approve: pending → active; suspend: active → suspended; reinstate: suspended → active; rate: override or clear. */
export const promoterActionSchema = z.object({
  userId: z.uuid(),
  decision: z.discriminatedUnion('action', [
    z.object({ action: z.literal('approve') }),
    z.object({ action: z.literal('suspend'), reason: z.string().trim().min(1).max(500) }),
    z.object({ action: z.literal('reinstate') }),
    /** Basis points (0–10000 = 0–100.00 %); null goes back to the programme rate. */
    z.object({ action: z.literal('rate'), rateBps: z.number().int().min(0).max(10_000).nullable() }),
  ]),
})
export type PromoterAction = z.infer<typeof promoterActionSchema>['decision']

/** grant: book the commission the flag refused; confirm: keep it refused. */
export const attributionReviewSchema = z.object({
  id: z.number().int().positive().max(2_147_483_647),
  decision: z.enum(['grant', 'confirm']),
})

export interface AdminPromoterRow {
  userId: string
  email: string
  promoteCode: string
  currency: string
  /** The rate orders are booked at now; `rateOverridden` when it is the promoter's own. */
  rateBps: number
  rateOverridden: boolean
  status: PromoterStatusValue
  statusReason: string | null
  pendingMinor: number
  availableMinor: number
  /** Flagged attributions no admin has reviewed yet. */
  openFlags: number
  createdAt: string
}

export interface AdminPromotersPage {
  rows: AdminPromoterRow[]
  total: number
  page: number
  pageSize: number
  /** AFFILIATE_RATE_BPS, shown beside rates that follow it. */
  programmeRateBps: number
}

export type FlagValue = 'self_referral_buyer' | 'self_referral_player' | 'no_price' | 'promoter_inactive'

export interface FlagToReview {
  id: number
  orderId: string
  orderNumber: string
  promoterEmail: string
  promoteCode: string
  buyerEmail: string
  flag: FlagValue
  baseMinor: number
  currency: string
  rateBps: number
  /** Self-referral with a base amount on an order that still earns: the commission can be granted. */
  grantable: boolean
  createdAt: string
}

export interface FlagsPage {
  rows: FlagToReview[]
  total: number
  page: number
  pageSize: number
}

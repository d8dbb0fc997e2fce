/** Boundary schemas and response types of the affiliate API (client-safe). */
import { z } from 'zod'
import { currencySchema } from '~/modules/catalog/offer.schemas'
import { isValidIban, normalizeIban } from './payout'
import { normalizeTargetPath } from './targets'
import { daysBetween } from '~/modules/time/days'

/** Validation messages are codes: the UI translates them, API clients can branch on them. */
export const targetPathSchema = z
  .string()
  .max(512)
  .transform((v, ctx) => {
    const path = normalizeTargetPath(v)
    if (path === undefined) {
      ctx.addIssue({ code: 'custom', message: 'invalid_target' })
      return z.NEVER
    }
    return path
  })

const campaignSchema = z
  .string()
  .trim()
  .max(64, 'campaign_too_long')
  .transform((v) => (v === '' ? null : v))

export const createLinkSchema = z.object({
  target: targetPathSchema.default('/'),
  campaign: campaignSchema.nullish(),
})
export type CreateLinkInput = z.input<typeof createLinkSchema>

export const updateLinkSchema = z
  .object({ target: targetPathSchema.optional(), campaign: campaignSchema.nullish() })
  .refine((v) => v.target !== undefined || v.campaign !== undefined, { message: 'nothing_to_update' })

export const becomePromoterSchema = z.object({ currency: currencySchema.optional() }).default({})

export const payoutSchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal('wallet'), email: z.email('invalid_email').max(254).toLowerCase() }),
  z.object({
    method: z.literal('iban'),
    iban: z.string().max(64).transform(normalizeIban).refine(isValidIban, { message: 'invalid_iban' }),
  }),
])
export type Payout = z.infer<typeof payoutSchema>

export const requestWithdrawalSchema = z.object({
  amountMinor: z.number().int('invalid_amount').positive('invalid_amount').max(2_000_000_000, 'invalid_amount'),
  payout: payoutSchema,
})
export type RequestWithdrawalInput = z.input<typeof requestWithdrawalSchema>

/** Available commission into the promoter's own store credit (ADR 059). */
export const moveToCreditSchema = z.object({
  amountMinor: z.number().int('invalid_amount').positive('invalid_amount').max(2_000_000_000, 'invalid_amount'),
})
export type MoveToCreditInput = z.input<typeof moveToCreditSchema>

/** One delivered order's pending commission into store credit. */
export const movePendingToCreditSchema = z.object({ orderId: z.uuid('invalid_order') })

export const operatorActionSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('approve') }),
  /** The payout's reference at the payment provider (bank transfer id, wallet transaction id). */
  z.object({ action: z.literal('pay'), reference: z.string().trim().min(1).max(120).optional() }),
  z.object({ action: z.literal('reject'), note: z.string().trim().min(1).max(500) }),
])

const isoDay = z.iso.date('invalid_date')
export const MAX_RANGE_DAYS = 366

/** ?from=YYYY-MM-DD&to=YYYY-MM-DD, both inclusive UTC days; defaults to the last 30 days. */
export const performanceQuerySchema = z
  .object({ from: isoDay.optional(), to: isoDay.optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'from_after_to', path: ['from'] })
  .refine((q) => !q.from || !q.to || daysBetween(q.from, q.to) < MAX_RANGE_DAYS, {
    message: 'range_too_long',
    path: ['to'],
  })

// ---- response shapes -------------------------------------------------------------------------

export interface ProgrammeTerms {
  rateBps: number
  holdDays: number
  windowDays: number
  attribution: 'last' | 'first'
  minWithdrawalMinor: number
}

export interface PromoterProfile {
  userId: string
  promoteCode: string
  currency: string
  rateBps: number
  /** Only an active promoter's links count and only their new orders earn commission. */
  status: 'pending' | 'active' | 'suspended'
  /** Why an admin suspended the account (only while suspended). */
  statusReason: string | null
  createdAt: string
}

export interface Balance {
  currency: string
  /** Commission on orders not yet delivered + hold period. */
  pending: number
  /** Withdrawable now; negative only after a refund reversed commission already released. */
  available: number
  /** Locked in withdrawal requests that are not paid or rejected yet. */
  processing: number
  /** Paid out. */
  withdrawn: number
}

export interface LinkStats {
  id: number | null
  code: string
  target: string
  campaign: string | null
  createdAt: string | null
  clicks: number
  signups: number
  orders: number
  revenue: number
  commission: number
  conversionRate: number
}

export interface PerformanceDay {
  date: string
  clicks: number
  signups: number
  orders: number
  revenue: number
  commission: number
}

export interface Performance {
  from: string
  to: string
  currency: string
  days: PerformanceDay[]
}

/** A move of commission into store credit (ADR 059). */
export interface CreditTransferView {
  id: string
  amountMinor: number
  currency: string
  source: 'available' | 'pending'
  /** The referred order, for a pending move. */
  orderId: string | null
  createdAt: string
  /** Its order was refunded and the amount taken back from store credit. */
  reversedAt: string | null
}

/** Pending commission of a delivered order, which the promoter may move into store credit now. */
export interface MovablePending {
  orderId: string
  commissionMinor: number
  currency: string
  deliveredAt: string
  /** When it would become available anyway. */
  availableAt: string | null
}

/** The dashboard's store-credit panel: the promoter's credit in their currency and what can move. */
export interface CreditSummary {
  currency: string
  /** Spendable store credit; negative while a reversal is being repaid from new commission. */
  creditMinor: number
  movable: MovablePending[]
}

/** A withdrawal in the back office's queue. */
export interface WithdrawalQueueRow extends WithdrawalView {
  promoterEmail: string
  /** The admin who gave the first of two approvals (their user id), if any. */
  firstApprovedBy: string | null
}

export interface WithdrawalView {
  id: string
  amountMinor: number
  currency: string
  method: 'wallet' | 'iban'
  destination: string
  status: 'requested' | 'approved' | 'paid' | 'rejected'
  note: string | null
  /** Above the second-approval amount: one admin has approved, a different one must too. */
  awaitingSecondApproval: boolean
  payoutReference: string | null
  createdAt: string
  updatedAt: string
}

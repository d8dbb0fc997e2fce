/** Privacy self-service's inputs and views (client-safe). ADR 125 (the data file), ADR 126 (deletion). */
import { z } from 'zod'
import { LOCALES } from '~/modules/i18n/locales'

/** What stands in the way of deleting an account now; each is shown with what to do about it. */
export const DELETION_BLOCKERS = ['staff_account', 'orders_in_progress', 'withdrawal_open'] as const
export type DeletionBlocker = (typeof DELETION_BLOCKERS)[number]

export interface MoneyView {
  currency: string
  minor: number
}

export interface PrivacyOverview {
  /** The newest data-file request: pending (being made), ready (mailed), or none open. */
  export: { status: 'pending' | 'ready'; requestedAt: string } | null
  deletion: {
    blockers: DeletionBlocker[]
    /** Commission the promoter would give up: available (withdrawable) and still on hold. */
    commission: { currency: string; availableMinor: number; pendingMinor: number }[]
    /** Store credit the shopper would give up. */
    credit: MoneyView[]
    /** A code was mailed and is still valid until then. */
    codeSentUntil: string | null
  }
}

export const localeInput = z.object({ locale: z.enum(LOCALES) })

export const confirmDeletionInput = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/),
  /** The shopper read what happens to their balance and gives it up (needed when there is one). */
  giveUpBalance: z.boolean(),
})
export type ConfirmDeletionInput = z.infer<typeof confirmDeletionInput>

/** The download link's token as mailed: 43 base64url characters (32 random bytes). */
export const exportToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/)
export const exportTokenInput = z.object({ token: exportToken })

export type ExportLinkState = { state: 'ready'; expiresAt: string } | { state: 'used' | 'expired' | 'unknown' }

export interface PrivacyRequestView {
  id: string
  kind: 'export' | 'deletion'
  status: 'pending' | 'ready' | 'done' | 'expired'
  aid: number
  /** The account's e-mail; null once the account is deleted. */
  email: string | null
  createdAt: string
  expiresAt: string | null
  completedAt: string | null
}

export interface PrivacyRequestsPage {
  open: PrivacyRequestView[]
  recent: PrivacyRequestView[]
}

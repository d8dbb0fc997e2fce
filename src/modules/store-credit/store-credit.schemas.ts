/** Store-credit inputs and views (ADR 058), client-safe. Money is integer minor units. */
import { z } from 'zod'
import { CURRENCIES } from '~/modules/catalog/money'

/** One currency of a shopper's store credit. */
export interface CreditBalanceView {
  currency: string
  /** What the shopper may spend; negative while a reversed commission is being repaid. */
  availableMinor: number
  /** Held by orders being paid. */
  reservedMinor: number
}

/** The most one goodwill grant may give (a typo guard: 10 000.00 in a two-digit currency). */
export const MAX_GRANT_MINOR = 1_000_000

/** An admin's goodwill credit for a shopper. */
export const grantCreditInputSchema = z.object({
  userId: z.uuid(),
  amountMinor: z.number().int().positive().max(MAX_GRANT_MINOR),
  currency: z.enum(CURRENCIES),
  reason: z.string().trim().min(1).max(500),
})
export type GrantCreditInput = z.infer<typeof grantCreditInputSchema>

/** Staff ask for the credit of an order's shopper by the order's id. */
export const orderCreditInputSchema = z.object({ orderId: z.uuid() })

/** What staff see of an order's shopper: who they are and their balances. */
export interface ShopperCreditView {
  userId: string
  balances: CreditBalanceView[]
}

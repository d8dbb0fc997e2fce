/** Coupon inputs and views (client-safe). */
import { z } from 'zod'
import type { CouponRejection } from './coupon-rules'

export const couponCodeInputSchema = z.object({
  code: z.string().trim().min(1).max(40),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .optional(),
})

export type CouponState = 'available' | CouponRejection | 'not_found'

export interface CouponView {
  code: string
  kind: 'percent' | 'fixed'
  percent: number | null
  /** Fixed discount per currency (minor units). */
  amounts: Record<string, number> | null
  minSpend: Record<string, number>
  startsAt: string | null
  endsAt: string | null
  /** Limited to some games / categories. */
  scoped: boolean
  stackable: boolean
  state: CouponState
  /** Uses left in total, when limited. */
  remaining: number | null
}

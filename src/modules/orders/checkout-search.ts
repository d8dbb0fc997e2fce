/**
 * /order/confirm's search params: what the offer page's "Continue to checkout" link carries
 * (offerId, skuId, currency, playerId, server), plus quantity and a coupon code. Client-safe.
 */
import { z } from 'zod'
import { MAX_QUANTITY } from './orders.schemas'

// The router parses search values as JSON, so a numeric player ID arrives as a number.
const text = (max: number) =>
  z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .pipe(z.string().max(max))
    .optional()
    .catch(undefined)

export const checkoutSearchSchema = z.object({
  offerId: z.coerce.number().int().positive().optional().catch(undefined),
  skuId: z.coerce.number().int().positive().optional().catch(undefined),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .optional()
    .catch(undefined),
  quantity: z.coerce.number().int().min(1).max(MAX_QUANTITY).optional().catch(undefined),
  playerId: text(64),
  server: text(64),
  coupon: text(40),
})
export type CheckoutSearch = z.infer<typeof checkoutSearchSchema>

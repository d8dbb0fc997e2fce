/** Input of GET /api/third-party/payments/umf (the payment-method catalogue). */
import { z } from 'zod'

export const paymentMethodsQuerySchema = z.object({
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/)
    .optional(),
})

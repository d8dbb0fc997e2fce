import { z } from 'zod'

/** Search params of the payment result pages: which order and attempt to look up, nothing more. */
export const paymentReturnSearch = z.object({
  orderId: z.uuid().optional().catch(undefined),
  paymentId: z.uuid().optional().catch(undefined),
})

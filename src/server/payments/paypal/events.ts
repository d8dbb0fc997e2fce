/**
 * PayPal's webhook events in our words (GatewayEvent), pure. A capture names our attempt by the
 * `invoice_id` the order was created with and PayPal's order by its related ids; a refund by the
 * `custom_id` (our refund key) and `invoice_id` (our attempt) it was asked with.
 */
import { z } from 'zod'
import { decimalToMinor } from '~/modules/catalog/money'
import type { GatewayEvent } from '~/modules/payments/gateway'

const money = z.object({ currency_code: z.string(), value: z.string() })

export const paypalEventSchema = z.object({
  id: z.string().min(1).max(100),
  event_type: z.string(),
  create_time: z.string().optional(),
  resource: z
    .object({
      id: z.string(),
      status: z.string().optional(),
      amount: money.optional(),
      invoice_id: z.string().optional(),
      custom_id: z.string().optional(),
      supplementary_data: z
        .object({ related_ids: z.object({ order_id: z.string().optional() }).optional() })
        .optional(),
    })
    .loose(),
})
export type PayPalEvent = z.infer<typeof paypalEventSchema>

export function toGatewayEvents(event: PayPalEvent): GatewayEvent[] {
  const { resource } = event
  if (!resource.amount) return []
  const currency = resource.amount.currency_code.toUpperCase()
  const amountMinor = decimalToMinor(resource.amount.value, currency)
  if (amountMinor === undefined) return []
  const base = {
    id: event.id,
    reference: resource.invoice_id ?? '',
    amountMinor,
    currency,
    createdAt: event.create_time ?? new Date().toISOString(),
  }
  const orderId = resource.supplementary_data?.related_ids?.order_id ?? ''
  switch (event.event_type) {
    case 'PAYMENT.CAPTURE.COMPLETED':
      return [{ ...base, type: 'payment.captured', externalId: orderId, captureId: resource.id }]
    case 'PAYMENT.CAPTURE.DENIED':
      return [{ ...base, type: 'payment.failed', externalId: orderId, failureCode: 'payment_denied' }]
    case 'PAYMENT.CAPTURE.REFUNDED':
      return [
        {
          ...base,
          type: 'payment.refunded',
          externalId: resource.id,
          ...(resource.custom_id ? { refundKey: resource.custom_id } : {}),
        },
      ]
    default:
      return []
  }
}

/**
 * The payment attempts an order records (client-safe): their methods and statuses are part of the
 * order's history, so the order pages and the database schema read them from here. How a status
 * may change (webhooks, refunds) is the payments module's business (payments/payment-status.ts).
 */
export const PAYMENT_METHODS = ['card', 'wallet'] as const
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]

export const PAYMENT_STATUSES = ['pending', 'requires_action', 'succeeded', 'failed', 'cancelled', 'refunded'] as const
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number]

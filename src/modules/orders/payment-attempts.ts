/**
 * The payment attempts an order records (client-safe): their methods and statuses are part of the
 * order's history, so the order pages and the database schema read them from here; how a status
 * may move (payment-status.ts) too, as both the payments module's webhooks and the order's own
 * refunds apply it (payments depends on orders, never the reverse).
 */
export const PAYMENT_METHODS = ['card', 'wallet'] as const
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]

export const PAYMENT_STATUSES = ['pending', 'requires_action', 'succeeded', 'failed', 'cancelled', 'refunded'] as const
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number]

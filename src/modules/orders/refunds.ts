/**
 * Refund rules shared by the server and the pages (client-safe): which orders may be refunded and
 * how much is left to give back. Money stays in integer minor units.
 */
import type { OrderStatus } from './order-status'

/** requested → succeeded (the gateway gave the money back) or failed (the gateway refused it). */
export const REFUND_STATUSES = ['requested', 'succeeded', 'failed'] as const
export type RefundStatus = (typeof REFUND_STATUSES)[number]

/** original: back to the card or wallet (days); credit: to the shopper's store credit (at once). */
export const REFUND_DESTINATIONS = ['original', 'credit'] as const
export type RefundDestination = (typeof REFUND_DESTINATIONS)[number]

/** A support refund to credit above the limit: pending until a different staff member approves or rejects it. */
export const REFUND_APPROVAL_STATUSES = ['pending', 'approved', 'rejected'] as const
export type RefundApprovalStatus = (typeof REFUND_APPROVAL_STATUSES)[number]

/** Money was captured and the order is not refunded yet: staff may give (some of) it back. */
export const REFUNDABLE_STATUSES: readonly OrderStatus[] = [
  'paid',
  'fulfilling',
  'delivered',
  'failed',
  'needs_player_details',
]

export function isRefundable(status: OrderStatus): boolean {
  return REFUNDABLE_STATUSES.includes(status)
}

/**
 * What may still be refunded of a captured amount: a refund that is only requested already holds
 * its share, so two requests in flight can never add up to more than was captured.
 */
export function refundableMinor(
  capturedMinor: number,
  refunds: readonly { amountMinor: number; status: RefundStatus }[],
): number {
  const held = refunds.filter((r) => r.status !== 'failed').reduce((sum, r) => sum + r.amountMinor, 0)
  return Math.max(0, capturedMinor - held)
}

/**
 * The payment that paid the order: the one named by its move to `paid`. Other captured payments
 * of the order (a second tab, a capture after expiry) are returned on their own and never count
 * as the order's money.
 */
export function orderPaymentId(
  events: readonly { type: string; toStatus: string | null; data: Record<string, unknown> }[],
): string | null {
  const paid = events.find((e) => e.type === 'status' && e.toStatus === 'paid')
  return typeof paid?.data.paymentId === 'string' ? paid.data.paymentId : null
}

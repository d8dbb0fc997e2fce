/**
 * How a payment attempt's status moves. Webhooks can arrive twice and in any order, so a status
 * only ever moves "up" this ranking: a late "failed" after "succeeded" changes nothing, while a
 * capture reported after a failure wins (the money really was taken).
 */
import type { PaymentStatus } from './payment-attempts'

const RANK: Record<PaymentStatus, number> = {
  pending: 0,
  requires_action: 1,
  failed: 2,
  cancelled: 2,
  succeeded: 3,
  refunded: 4,
}

/** The status after applying `next` to `current`, or null when the event changes nothing. */
export function nextPaymentStatus(current: PaymentStatus, next: PaymentStatus): PaymentStatus | null {
  return RANK[next] > RANK[current] ? next : null
}

export function isFinalPaymentStatus(status: PaymentStatus): boolean {
  return RANK[status] >= 2
}

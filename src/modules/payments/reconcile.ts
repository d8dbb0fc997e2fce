/** What the payment reconciliation reports (reconcile.server.ts), as the dashboard shows it (client-safe). */

export const MISMATCH_KINDS = [
  'paid_there_not_here',
  'paid_here_not_there',
  'amount_differs',
  'refund_missing_here',
  'refund_missing_there',
  'refund_amount_differs',
] as const
export type MismatchKind = (typeof MISMATCH_KINDS)[number]

export interface MismatchSide {
  amountMinor: number
  currency: string
  status: string
}

export interface PaymentMismatch {
  kind: MismatchKind
  /** The provider's id (Checkout Session or refund; our refund key when the provider has none). */
  providerId: string
  paymentId: string | null
  orderId: string | null
  ours: MismatchSide | null
  theirs: MismatchSide | null
}

export interface PaymentReconciliation {
  gateway: string
  /** The UTC day compared (YYYY-MM-DD). */
  day: string
  ranAt: string
  /** How many of the provider's payments and refunds were looked at. */
  payments: number
  refunds: number
  mismatches: PaymentMismatch[]
}

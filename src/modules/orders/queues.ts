/** Job queues the orders flow uses; the affiliate queues are handled by the affiliate module. */
export const QUEUES = {
  fulfil: 'orders.fulfil',
  expire: 'orders.expire',
  playerFixExpired: 'orders.player-fix-expired',
  refund: 'payments.refund',
  mail: 'mail.order',
  supportReply: 'mail.support-reply',
  affiliatePaid: 'affiliate.order-paid',
  affiliateDelivered: 'affiliate.order-delivered',
  affiliateRefunded: 'affiliate.order-refunded',
} as const

/**
 * `needs_player_details`: the supplier refused the player, the shopper may correct it;
 * `refunded`: the refund that completed the order's refund; `partially_refunded`: a refund that
 * leaves the rest of the order standing; `payment_returned`: a payment the order could not use
 * (after expiry, a second one) was refunded.
 */
export type OrderMailKind =
  'needs_player_details' | 'receipt' | 'delivered' | 'refunded' | 'partially_refunded' | 'payment_returned'

export interface OrderJobPayload {
  orderId: string
}

/** One refunds row to ask the gateway for. */
export interface RefundJobPayload {
  refundId: string
}

/** Refund jobs queued before refunds had rows: a whole payment each. */
export interface LegacyRefundJobPayload {
  paymentId: string
  refundOrder: boolean
}

export interface MailJobPayload {
  orderId: string
  kind: OrderMailKind
  /** The refunded payment, for `payment_returned`. */
  paymentId?: string
  /** The refund the mail is about, for `refunded` and `partially_refunded`. */
  refundId?: string
  /** `needs_player_details`: the correction round the refusal came after (0: the first delivery). */
  round?: number
  /** Staff sent the delivery mail again: the timeline event that asked for it. */
  resendOf?: number
}

export interface SupportReplyMailPayload {
  replyId: number
}

/**
 * The queues the orders module handles (order-jobs.server.ts registers their handlers). Queues of
 * other modules that an order feeds are named by their owners, which hand them to orders
 * (handoffs.server.ts): the card refund (payments), the affiliate programme's order steps.
 */
export const ORDER_QUEUES = {
  fulfil: 'orders.fulfil',
  expire: 'orders.expire',
  playerFixExpired: 'orders.player-fix-expired',
  refundChoiceExpired: 'orders.refund-choice-expired',
  mail: 'mail.order',
  supportReply: 'mail.support-reply',
} as const

/**
 * `needs_player_details`: the supplier refused the player, the shopper may correct it;
 * `refund_choice`: delivery failed, the shopper may choose the card or store credit (ADR 116);
 * `refunded`: the refund that completed the order's refund; `partially_refunded`: a refund that
 * leaves the rest of the order standing; `payment_returned`: a payment the order could not use
 * (after expiry, a second one) was refunded.
 */
export type OrderMailKind =
  | 'needs_player_details'
  | 'refund_choice'
  | 'receipt'
  | 'delivered'
  | 'refunded'
  | 'partially_refunded'
  | 'payment_returned'

export interface OrderJobPayload {
  orderId: string
}

/** What orders hand to the refund queue: one refunds row to ask the gateway for. */
export interface RefundJobPayload {
  refundId: string
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

/** Job queues the orders flow uses; the affiliate queues are handled by the affiliate module. */
export const QUEUES = {
  fulfil: 'orders.fulfil',
  expire: 'orders.expire',
  refund: 'payments.refund',
  mail: 'mail.order',
  supportReply: 'mail.support-reply',
  affiliatePaid: 'affiliate.order-paid',
  affiliateDelivered: 'affiliate.order-delivered',
  affiliateRefunded: 'affiliate.order-refunded',
} as const

/** `payment_returned`: a payment the order could not use (after expiry, a second one) was refunded. */
export type OrderMailKind = 'receipt' | 'delivered' | 'refunded' | 'payment_returned'

export interface OrderJobPayload {
  orderId: string
}

export interface RefundJobPayload {
  paymentId: string
  /** true: the order itself is being refunded (failed delivery); false: an extra payment only. */
  refundOrder: boolean
}

export interface MailJobPayload {
  orderId: string
  kind: OrderMailKind
  /** The refunded payment, for `payment_returned`. */
  paymentId?: string
  /** Staff sent the delivery mail again: the timeline event that asked for it. */
  resendOf?: number
}

export interface SupportReplyMailPayload {
  replyId: number
}

/** Job queues the orders flow uses; the affiliate queues are handled by the affiliate module. */
export const QUEUES = {
  fulfil: 'orders.fulfil',
  expire: 'orders.expire',
  refund: 'payments.refund',
  mail: 'mail.order',
  affiliatePaid: 'affiliate.order-paid',
  affiliateDelivered: 'affiliate.order-delivered',
  affiliateRefunded: 'affiliate.order-refunded',
} as const

export type OrderMailKind = 'receipt' | 'delivered' | 'refunded'

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
}

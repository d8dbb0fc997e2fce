/**
 * The order state machine as data: every status and the transitions allowed out of it. Pure and
 * client-safe, so the UI can ask "is this still payable?" with the same rules as the server.
 */
export const ORDER_STATUSES = [
  'created', // placed, no payment attempt yet
  'awaiting_payment', // a payment attempt was started; the order stays payable until expires_at
  'paid', // money captured
  'fulfilling', // handed to the supplier / code inventory
  'delivered',
  'failed', // delivery failed after payment; a refund follows automatically
  'needs_player_details', // the supplier refused the player at delivery; the shopper may correct it
  'refunded',
  'cancelled',
  'expired',
] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]

export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  created: ['awaiting_payment', 'paid', 'cancelled', 'expired'],
  awaiting_payment: ['paid', 'cancelled', 'expired'],
  // Staff may refund (in full) once money was captured; a refunded order is never delivered after.
  paid: ['fulfilling', 'failed', 'refunded'],
  fulfilling: ['delivered', 'failed', 'needs_player_details', 'refunded'],
  // Corrected by the shopper (back to the supplier), or refunded: window passed, or staff.
  needs_player_details: ['fulfilling', 'refunded'],
  // An operator may still refund a delivered order (goodwill, chargeback).
  delivered: ['refunded'],
  failed: ['refunded'],
  refunded: [],
  cancelled: [],
  expired: [],
}

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to)
}

/** Every status an order may enter `to` from. */
export function statusesInto(to: OrderStatus): OrderStatus[] {
  return ORDER_STATUSES.filter((from) => canTransition(from, to))
}

/**
 * A move that entering a status leads straight on to, in the same transaction (failed → refunded
 * when the whole refund is settled at once, to store credit).
 */
export interface NextMove {
  orderId: string
  to: OrderStatus
  data: Record<string, unknown>
}

/** Statuses in which the shopper may (still) pay: POST /api/pay and /request-payment. */
export const PAYABLE_STATUSES: readonly OrderStatus[] = ['created', 'awaiting_payment']

export function isPayable(status: OrderStatus): boolean {
  return PAYABLE_STATUSES.includes(status)
}

/** No transition leaves these: the result pages stop polling here. */
export function isTerminal(status: OrderStatus): boolean {
  return ORDER_TRANSITIONS[status].length === 0 || status === 'delivered'
}

export function isOrderStatus(value: string): value is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value)
}

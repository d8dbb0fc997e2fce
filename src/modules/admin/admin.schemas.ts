/** What the back-office screens receive (client-safe types). */
import type { OrderStatus } from '../orders/order-status'

/** Minutes the shop promises for a delivery: a paid order still undelivered after this is late. */
export const DELIVERY_PROMISE_MINUTES = 15

export interface CurrencyFigure {
  currency: string
  orders: number
  revenueMinor: number
}

export interface DashboardFigures {
  /** When the figures were read (ISO); "today" and "this week" are UTC, up to this moment. */
  at: string
  paidToday: CurrencyFigure[]
  paidThisWeek: CurrencyFigure[]
  ordersByStatus: { status: OrderStatus; count: number }[]
  /** Deliveries that failed and await their automatic refund. */
  deliveriesFailed: number
  /** Paid orders still not delivered after DELIVERY_PROMISE_MINUTES. */
  deliveriesLate: number
  /** Jobs waiting to run (all queues) and jobs that gave up. */
  jobsPending: number
  jobsFailed: number
  /** Gateway webhooks received and not processed yet. */
  webhooksPending: number
  /** Withdrawal requests waiting for a decision, and approved ones waiting to be paid. */
  withdrawalsRequested: number
  withdrawalsApproved: number
  supportRequests: number
}

export interface StaffViewer {
  email: string
  role: 'support' | 'admin'
}

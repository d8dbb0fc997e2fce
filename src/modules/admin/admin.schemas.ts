/** What the back-office screens send and receive (client-safe). */
import { z } from 'zod'
import { ORDER_STATUSES, type OrderStatus } from '~/modules/orders/order-status'
import type { SupplierFigure } from '~/modules/fulfilment/supplier'

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
  /** Each supplier: breaker, last hour's calls, balance (issue 31). */
  suppliers: SupplierFigure[]
  /** When the longest-waiting paid, undelivered order was paid (ISO), or null. */
  oldestWaitingDeliverySince: string | null
}

export interface StaffViewer {
  email: string
  role: 'support' | 'admin'
  /** The second factor in this session (ADR 111): proved, waiting for the code, or not set up yet. */
  factor: 'verified' | 'code' | 'enrol'
  /** Which factors the account has, so the code page and the step-up offer them (ADR 113). */
  totp: boolean
  passkey: boolean
}

export const ADMIN_ORDERS_PAGE_SIZE = 25
export const ADMIN_ORDER_SORTS = ['placed_desc', 'placed_asc', 'total_desc', 'total_asc'] as const
export type AdminOrderSort = (typeof ADMIN_ORDER_SORTS)[number]

/** /admin/orders: one search box (order number, e-mail or player ID), status and a date range. */
export const adminOrdersQuerySchema = z.object({
  q: z.string().trim().max(254).optional(),
  status: z.enum(ORDER_STATUSES).optional(),
  /** Placed on or after this UTC day (YYYY-MM-DD). */
  from: z.iso.date().optional(),
  /** Placed on or before this UTC day. */
  to: z.iso.date().optional(),
  /** Column and direction, sorted on the server: placed (default, newest first) or total. */
  sort: z.enum(ADMIN_ORDER_SORTS).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
})
/** As the screen and its URL hold it (the page a number: the schema also accepts it as text). */
export type AdminOrdersQuery = Omit<z.input<typeof adminOrdersQuerySchema>, 'page'> & { page?: number }

export interface AdminOrderRow {
  id: string
  number: string
  email: string
  status: OrderStatus
  currency: string
  totalMinor: number
  playerId: string | null
  createdAt: string
}

export interface AdminOrdersPage {
  rows: AdminOrderRow[]
  total: number
  page: number
  pageSize: number
}

/** /admin/support: waiting requests, or the answered ones. */
export const supportInboxQuerySchema = z.object({
  answered: z.boolean().default(false),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
})
/** As the screen and its URL hold it (the page a number: the schema also accepts it as text). */
export type SupportInboxQuery = Omit<z.input<typeof supportInboxQuerySchema>, 'page'> & { page?: number }

export const AUDIT_PAGE_SIZE = 50

const auditWord = z
  .string()
  .trim()
  .max(64)
  .regex(/^[\w.:@-]*$/)
  .optional()
  .transform((v) => v || undefined)

/** /admin/audit and its CSV export: filter by action, target and UTC days. */
export const auditQuerySchema = z.object({
  action: auditWord,
  targetType: auditWord,
  targetId: auditWord,
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
})
/** As the screen and its URL hold it (the page a number: the schema also accepts it as text). */
export type AuditQuery = Omit<z.input<typeof auditQuerySchema>, 'page'> & { page?: number }

export interface AuditEntryView {
  id: number
  at: string
  actor: string
  action: string
  targetType: string
  targetId: string
  /** An order's number or an account's e-mail, when the target is one (null otherwise or if gone). */
  targetName: string | null
  /** What changed, each side as JSON (null: the key was absent). */
  changes: { key: string; before: string | null; after: string | null }[]
}

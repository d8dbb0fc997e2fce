import { queryOptions } from '@tanstack/react-query'
import {
  adminAuditFn,
  adminDashboardFn,
  adminOrderFn,
  adminRefundApprovalsFn,
  adminOrdersFn,
  adminSupportInboxFn,
} from './admin.functions'
import type { AdminOrdersQuery, AuditQuery, SupportInboxQuery } from './admin.schemas'

/** The dashboard refreshes every 30 s while open: staff watch it during a sale. */
export const adminDashboardQuery = () =>
  queryOptions({ queryKey: ['admin', 'dashboard'], queryFn: () => adminDashboardFn(), refetchInterval: 30_000 })

export const adminOrdersQuery = (query: AdminOrdersQuery) =>
  queryOptions({ queryKey: ['admin', 'orders', query], queryFn: () => adminOrdersFn({ data: query }) })

export const adminOrderQuery = (id: string) =>
  queryOptions({ queryKey: ['admin', 'order', id], queryFn: () => adminOrderFn({ data: { id } }) })

export const adminRefundApprovalsQuery = (id: string) =>
  queryOptions({ queryKey: ['admin', 'refund-approvals', id], queryFn: () => adminRefundApprovalsFn({ data: { id } }) })

export const supportInboxQuery = (query: SupportInboxQuery) =>
  queryOptions({ queryKey: ['admin', 'support', query], queryFn: () => adminSupportInboxFn({ data: query }) })

export const adminAuditQuery = (query: AuditQuery) =>
  queryOptions({ queryKey: ['admin', 'audit', query], queryFn: () => adminAuditFn({ data: query }) })

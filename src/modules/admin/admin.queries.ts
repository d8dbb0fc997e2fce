import { queryOptions } from '@tanstack/react-query'
import {
  adminAuditFn,
  adminDashboardFn,
  adminOrderFn,
  adminOrdersFn,
  adminStaffFn,
  adminSupportInboxFn,
  adminWithdrawalsFn,
} from './admin.functions'
import type { AdminOrdersQuery, AuditQuery, SupportInboxQuery } from './admin.schemas'
import { adminCatalogOptionsFn, adminCouponFn, adminCouponsFn, adminGameFn, adminGamesFn } from './catalog.functions'
import type { AdminCouponsQuery, AdminGamesQuery } from './catalog.schemas'

/** The dashboard refreshes every 30 s while open: staff watch it during a sale. */
export const adminDashboardQuery = () =>
  queryOptions({ queryKey: ['admin', 'dashboard'], queryFn: () => adminDashboardFn(), refetchInterval: 30_000 })

export const adminOrdersQuery = (query: AdminOrdersQuery) =>
  queryOptions({ queryKey: ['admin', 'orders', query], queryFn: () => adminOrdersFn({ data: query }) })

export const adminOrderQuery = (id: string) =>
  queryOptions({ queryKey: ['admin', 'order', id], queryFn: () => adminOrderFn({ data: { id } }) })

export const supportInboxQuery = (query: SupportInboxQuery) =>
  queryOptions({ queryKey: ['admin', 'support', query], queryFn: () => adminSupportInboxFn({ data: query }) })

export const adminAuditQuery = (query: AuditQuery) =>
  queryOptions({ queryKey: ['admin', 'audit', query], queryFn: () => adminAuditFn({ data: query }) })

export const adminWithdrawalsQuery = () =>
  queryOptions({ queryKey: ['admin', 'withdrawals'], queryFn: () => adminWithdrawalsFn() })

export const adminGamesQuery = (query: AdminGamesQuery) =>
  queryOptions({ queryKey: ['admin', 'games', query], queryFn: () => adminGamesFn({ data: query }) })

export const adminGameQuery = (id: number) =>
  queryOptions({ queryKey: ['admin', 'game', id], queryFn: () => adminGameFn({ data: { id } }) })

/** Categories and covers change rarely: kept for the session. */
export const adminCatalogOptionsQuery = () =>
  queryOptions({ queryKey: ['admin', 'catalog-options'], queryFn: () => adminCatalogOptionsFn(), staleTime: 60_000 })

export const adminCouponsQuery = (query: AdminCouponsQuery) =>
  queryOptions({ queryKey: ['admin', 'coupons', query], queryFn: () => adminCouponsFn({ data: query }) })

export const adminCouponQuery = (id: number) =>
  queryOptions({ queryKey: ['admin', 'coupon', id], queryFn: () => adminCouponFn({ data: { id } }) })

export const adminStaffQuery = () => queryOptions({ queryKey: ['admin', 'staff'], queryFn: () => adminStaffFn() })

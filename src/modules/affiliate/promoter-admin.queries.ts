import { queryOptions } from '@tanstack/react-query'
import { adminFlagsFn, adminPromotersFn, adminReconcileFn, adminWithdrawalsFn } from './promoter-admin.functions'
import type { AdminPromotersQuery, FlagsQuery } from './promoter-admin.schemas'

export const adminPromotersQuery = (query: AdminPromotersQuery) =>
  queryOptions({ queryKey: ['admin', 'promoters', query], queryFn: () => adminPromotersFn({ data: query }) })

export const adminFlagsQuery = (query: FlagsQuery) =>
  queryOptions({ queryKey: ['admin', 'flags', query], queryFn: () => adminFlagsFn({ data: query }) })

export const adminReconcileQuery = () =>
  queryOptions({ queryKey: ['admin', 'reconcile'], queryFn: () => adminReconcileFn() })

export const adminWithdrawalsQuery = () =>
  queryOptions({ queryKey: ['admin', 'withdrawals'], queryFn: () => adminWithdrawalsFn() })

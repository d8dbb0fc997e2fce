import { queryOptions } from '@tanstack/react-query'
import { adminFlagsFn, adminPromotersFn, adminReconcileFn } from './promoters.functions'
import type { AdminPromotersQuery, FlagsQuery } from './promoters.schemas'

export const adminPromotersQuery = (query: AdminPromotersQuery) =>
  queryOptions({ queryKey: ['admin', 'promoters', query], queryFn: () => adminPromotersFn({ data: query }) })

export const adminFlagsQuery = (query: FlagsQuery) =>
  queryOptions({ queryKey: ['admin', 'flags', query], queryFn: () => adminFlagsFn({ data: query }) })

export const adminReconcileQuery = () =>
  queryOptions({ queryKey: ['admin', 'reconcile'], queryFn: () => adminReconcileFn() })

import { queryOptions } from '@tanstack/react-query'
import { adminDashboardFn } from './admin.functions'

/** The dashboard refreshes every 30 s while open: staff watch it during a sale. */
export const adminDashboardQuery = () =>
  queryOptions({ queryKey: ['admin', 'dashboard'], queryFn: () => adminDashboardFn(), refetchInterval: 30_000 })

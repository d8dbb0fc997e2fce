import { queryOptions } from '@tanstack/react-query'
import { adminStaffSessionsFn } from './staff-sessions.functions'

/** Under ['admin', 'staff']: a role change (which may end sessions' staff power) reloads it too. */
export const adminStaffSessionsQuery = () =>
  queryOptions({ queryKey: ['admin', 'staff', 'sessions'], queryFn: () => adminStaffSessionsFn() })

import { queryOptions } from '@tanstack/react-query'
import { adminPrivacyRequestsFn } from './privacy-admin.functions'

/** Admins: open and recent privacy requests (/admin/privacy). */
export const adminPrivacyRequestsQuery = () =>
  queryOptions({ queryKey: ['admin', 'privacy'], queryFn: () => adminPrivacyRequestsFn() })

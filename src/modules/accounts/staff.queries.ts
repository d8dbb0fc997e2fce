import { queryOptions } from '@tanstack/react-query'
import { adminStaffFn } from './staff.functions'

export const adminStaffQuery = () => queryOptions({ queryKey: ['admin', 'staff'], queryFn: () => adminStaffFn() })

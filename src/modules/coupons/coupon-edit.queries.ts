import { queryOptions } from '@tanstack/react-query'
import { adminCouponFn, adminCouponsFn } from './coupon-edit.functions'
import type { AdminCouponsQuery } from './coupon-edit.schemas'

export const adminCouponsQuery = (query: AdminCouponsQuery) =>
  queryOptions({ queryKey: ['admin', 'coupons', query], queryFn: () => adminCouponsFn({ data: query }) })

export const adminCouponQuery = (id: number) =>
  queryOptions({ queryKey: ['admin', 'coupon', id], queryFn: () => adminCouponFn({ data: { id } }) })

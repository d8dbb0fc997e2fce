import { queryOptions } from '@tanstack/react-query'
import { listMyCouponsFn, listPublicCouponsFn } from './coupons.functions'

export const myCouponsQuery = () => queryOptions({ queryKey: ['my-coupons'], queryFn: () => listMyCouponsFn() })

export const publicCouponsQuery = () =>
  queryOptions({ queryKey: ['public-coupons'], queryFn: () => listPublicCouponsFn(), staleTime: 60_000 })

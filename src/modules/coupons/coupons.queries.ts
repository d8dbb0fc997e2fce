import { queryOptions } from '@tanstack/react-query'
import { listMyCouponsFn } from './coupons.functions'

export const myCouponsQuery = () => queryOptions({ queryKey: ['my-coupons'], queryFn: () => listMyCouponsFn() })

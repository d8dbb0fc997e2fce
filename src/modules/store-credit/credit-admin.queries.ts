import { queryOptions } from '@tanstack/react-query'
import { adminShopperCreditFn } from './credit-admin.functions'

/** An order's shopper's balances, for staff (under 'admin': every staff action refreshes it). */
export const shopperCreditQuery = (orderId: string) =>
  queryOptions({
    queryKey: ['admin', 'store-credit', orderId],
    queryFn: () => adminShopperCreditFn({ data: { orderId } }),
  })

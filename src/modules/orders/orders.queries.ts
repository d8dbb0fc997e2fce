import { queryOptions } from '@tanstack/react-query'
import type { OrderStatus } from './order-status'
import { isTerminal } from './order-status'
import { getOrderFn, listOrdersFn } from './orders.functions'

export const ordersQuery = (page: number, status?: OrderStatus) =>
  queryOptions({
    queryKey: ['orders', { page, status: status ?? null }],
    queryFn: () => listOrdersFn({ data: { page, pageSize: 10, status } }),
  })

/**
 * One order. `poll`: refetch every 1.5 s until the order reaches a status no transition leaves
 * (result pages and the details page while payment or delivery is in progress).
 */
export const orderQuery = (id: string, poll = false) =>
  queryOptions({
    queryKey: ['order', id],
    queryFn: () => getOrderFn({ data: { id } }),
    refetchInterval: (query) => {
      const status = query.state.data?.status
      if (!poll || !status) return false
      return isTerminal(status) ? false : 1_500
    },
  })

import { queryOptions } from '@tanstack/react-query'
import type { OrderStatus } from './order-status'
import type { OrderDetail } from './orders.schemas'
import { isTerminal } from './order-status'
import { getOrderFn, listOrdersFn } from './orders.functions'

export const ordersQuery = (page: number, status?: OrderStatus) =>
  queryOptions({
    queryKey: ['orders', { page, status: status ?? null }],
    queryFn: () => listOrdersFn({ data: { page, pageSize: 10, status } }),
  })

/** Pause between two long polls (each one is held by the server until the order changes). */
export const LONG_POLL_GAP_MS = 100

/**
 * One order. `poll`: while the order can still change (result pages, the details page during
 * payment or delivery), each refetch is a long poll: the server answers when the order leaves
 * the status shown, so the page updates at once without asking every second.
 */
export const orderQuery = (id: string, poll = false) =>
  queryOptions({
    queryKey: ['order', id],
    queryFn: ({ client }) => {
      const shown = poll ? client.getQueryData<OrderDetail>(['order', id])?.status : undefined
      return getOrderFn({ data: { id, waitWhile: shown && !isTerminal(shown) ? shown : undefined } })
    },
    refetchInterval: (query) => {
      const status = query.state.data?.status
      if (!poll || !status) return false
      return isTerminal(status) ? false : LONG_POLL_GAP_MS
    },
  })

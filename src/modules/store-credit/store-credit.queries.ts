import { queryOptions } from '@tanstack/react-query'
import { myCreditFn } from './store-credit.functions'

/** Every store-credit view: invalidated together after an order, a refund or a grant. */
export const CREDIT_KEY = ['store-credit'] as const

/** The signed-in shopper's balances (the header, the profile, checkout). */
export const myCreditQuery = () =>
  queryOptions({ queryKey: [...CREDIT_KEY, 'mine'], queryFn: () => myCreditFn(), staleTime: 30_000 })

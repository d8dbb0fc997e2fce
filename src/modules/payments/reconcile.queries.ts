import { queryOptions } from '@tanstack/react-query'
import { paymentReconciliationFn } from './reconcile.functions'

export const PAYMENT_RECONCILIATION_KEY = ['admin', 'payment-reconciliation'] as const

/** The last reconciliation run of each provider with records of its own (none: the panel hides). */
export const paymentReconciliationQuery = () =>
  queryOptions({ queryKey: PAYMENT_RECONCILIATION_KEY, queryFn: () => paymentReconciliationFn() })

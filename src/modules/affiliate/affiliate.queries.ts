import { queryOptions } from '@tanstack/react-query'
import {
  getAffiliateStatusFn,
  getBalanceFn,
  getCreditSummaryFn,
  getLinksFn,
  getPerformanceFn,
  getWithdrawalsFn,
} from './affiliate.functions'

export const affiliateStatusQuery = () =>
  queryOptions({ queryKey: ['affiliate', 'status'], queryFn: () => getAffiliateStatusFn() })

/** The dashboard's data; every key starts with 'affiliate' so one invalidation refreshes it all. */
export const affiliateQueries = {
  balance: () => queryOptions({ queryKey: ['affiliate', 'balance'], queryFn: () => getBalanceFn() }),
  links: () => queryOptions({ queryKey: ['affiliate', 'links'], queryFn: () => getLinksFn() }),
  performance: (range: { from: string; to: string }) =>
    queryOptions({
      queryKey: ['affiliate', 'performance', range.from, range.to],
      queryFn: () => getPerformanceFn({ data: range }),
    }),
  credit: () => queryOptions({ queryKey: ['affiliate', 'credit'], queryFn: () => getCreditSummaryFn() }),
  withdrawals: () => queryOptions({ queryKey: ['affiliate', 'withdrawals'], queryFn: () => getWithdrawalsFn() }),
}

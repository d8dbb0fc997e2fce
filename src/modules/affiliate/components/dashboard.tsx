import { useQuery } from '@tanstack/react-query'
import type { ProgrammeTerms, PromoterProfile } from '../affiliate.schemas'
import { affiliateQueries } from '../affiliate.queries'
import { BalanceCards } from './balance-cards'
import { LinksPanel } from './links-panel'
import { PerformancePanel, type Range } from './performance-panel'
import { WithdrawalsPanel } from './withdrawals-panel'

/** The promoter dashboard: balances, performance over a date range, links, withdrawals. */
export function AffiliateDashboard(props: {
  promoter: PromoterProfile
  terms: ProgrammeTerms
  range: Range
  onRange: (range: Range) => void
}) {
  const { data: balance } = useQuery(affiliateQueries.balance())
  return (
    <div className="space-y-6" data-testid="affiliate-dashboard">
      {balance ? <BalanceCards balance={balance} /> : null}
      <PerformancePanel range={props.range} onRange={props.onRange} />
      <LinksPanel currency={props.promoter.currency} />
      {balance ? <WithdrawalsPanel balance={balance} minimumMinor={props.terms.minWithdrawalMinor} /> : null}
    </div>
  )
}

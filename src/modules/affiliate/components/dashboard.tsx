import { Trans } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import type { ProgrammeTerms, PromoterProfile } from '~/modules/affiliate/affiliate.schemas'
import { affiliateQueries } from '~/modules/affiliate/affiliate.queries'
import { CreatorCodePanel } from '~/modules/creator-codes/components/creator-code-panel'
import { BalanceCards } from './balance-cards'
import { LinksPanel } from './links-panel'
import { PerformancePanel, type Range } from './performance-panel'
import { StoreCreditPanel } from './store-credit-panel'
import { WithdrawalsPanel } from './withdrawals-panel'

/**
 * Why nothing counts while the account is not active (ADR 054): links record no clicks, new
 * orders earn nothing and withdrawals are refused, so the promoter must be told first.
 */
function StatusNotice({ promoter }: { promoter: PromoterProfile }) {
  if (promoter.status === 'active') return null
  const reason = promoter.statusReason ?? ''
  return (
    <p
      data-testid="promoter-status-notice"
      data-status={promoter.status}
      className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100"
    >
      {promoter.status === 'pending' ? (
        <Trans>Your promoter account is waiting for approval.</Trans>
      ) : (
        <Trans>Your promoter account is suspended: {reason}</Trans>
      )}
    </p>
  )
}

/** The promoter dashboard: balances, performance over a date range, links, store credit, withdrawals. */
export function AffiliateDashboard(props: {
  promoter: PromoterProfile
  terms: ProgrammeTerms
  range: Range
  onRange: (range: Range) => void
}) {
  const { data: balance } = useQuery(affiliateQueries.balance())
  return (
    <div className="space-y-6" data-testid="affiliate-dashboard">
      <StatusNotice promoter={props.promoter} />
      {balance ? <BalanceCards balance={balance} /> : null}
      <PerformancePanel range={props.range} onRange={props.onRange} />
      <CreatorCodePanel />
      <LinksPanel currency={props.promoter.currency} />
      {balance ? <StoreCreditPanel balance={balance} /> : null}
      {balance ? <WithdrawalsPanel balance={balance} minimumMinor={props.terms.minWithdrawalMinor} /> : null}
    </div>
  )
}

import { Trans } from '@lingui/react/macro'
import type { Balance } from '~/modules/affiliate/affiliate.schemas'
import { useMoney } from '~/modules/catalog/use-money'

/** Pending, available, in-withdrawal and withdrawn, straight from the ledger. */
export function BalanceCards({ balance }: { balance: Balance }) {
  const money = useMoney()
  const cards = [
    {
      key: 'available',
      amount: balance.available,
      label: <Trans>Available</Trans>,
      hint: <Trans>ready to withdraw</Trans>,
    },
    { key: 'pending', amount: balance.pending, label: <Trans>Pending</Trans>, hint: <Trans>in the hold period</Trans> },
    {
      key: 'processing',
      amount: balance.processing,
      label: <Trans>In withdrawal</Trans>,
      hint: <Trans>requested, not paid yet</Trans>,
    },
    {
      key: 'withdrawn',
      amount: balance.withdrawn,
      label: <Trans>Withdrawn</Trans>,
      hint: <Trans>paid out to you</Trans>,
    },
  ]
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {cards.map((c) => (
        <div key={c.key} className="surface rounded-xl p-5" data-testid={`balance-${c.key}`}>
          <p className="text-muted text-sm font-semibold">{c.label}</p>
          <p className={`mt-1 text-2xl font-black ${c.amount < 0 ? 'text-danger' : ''}`} data-amount={c.amount}>
            {money(c.amount, balance.currency)}
          </p>
          <p className="text-muted mt-1 text-xs">{c.hint}</p>
        </div>
      ))}
    </div>
  )
}

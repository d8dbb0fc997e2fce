import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useMoney } from '~/modules/catalog/use-money'
import { myCreditQuery } from '~/modules/store-credit/store-credit.queries'

/** The profile's store credit: every currency the shopper has credit in, debts shown as such. */
export function CreditBalances() {
  const { t } = useLingui()
  const money = useMoney()
  const { data: balances = [] } = useQuery(myCreditQuery())
  const shown = balances.filter((b) => b.availableMinor !== 0 || b.reservedMinor !== 0)
  return (
    <section aria-labelledby="credit-title" className="space-y-3" data-testid="profile-credit">
      <h2 id="credit-title" className="text-xl font-bold">
        <Trans>Store credit</Trans>
      </h2>
      {shown.length === 0 ? (
        <p className="text-muted text-sm" data-testid="profile-credit-empty">
          <Trans>You have no store credit. Refunds you take as credit and goodwill from us appear here.</Trans>
        </p>
      ) : (
        <ul className="space-y-2">
          {shown.map((b) => (
            <li
              key={b.currency}
              className="surface flex flex-wrap items-baseline justify-between gap-2 rounded-xl p-3"
              data-currency={b.currency}
              data-minor={b.availableMinor}
            >
              <span
                className={`text-lg font-bold tabular-nums ${b.availableMinor < 0 ? 'text-danger' : ''}`}
                data-testid="profile-credit-amount"
              >
                {money(b.availableMinor, b.currency)}
              </span>
              {b.availableMinor < 0 ? (
                <span className="text-sm text-danger">
                  <Trans>Owed: new credit pays this back first.</Trans>
                </span>
              ) : null}
              {b.reservedMinor > 0 ? (
                <span className="text-muted text-sm">{t`${money(b.reservedMinor, b.currency)} held by an order being paid`}</span>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <p className="text-muted text-xs">
        <Trans>Store credit pays for orders in its currency; choose it at checkout.</Trans>
      </p>
    </section>
  )
}

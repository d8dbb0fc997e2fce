import { Trans, useLingui } from '@lingui/react/macro'
import { useMoney } from '~/modules/catalog/use-money'

/** "Pay with store credit", offered when the shopper has a positive balance in the order's currency. */
export function CreditToggle(props: {
  balanceMinor: number
  currency: string
  checked: boolean
  onChange: (checked: boolean) => void
}) {
  const { t } = useLingui()
  const money = useMoney()
  const balance = money(props.balanceMinor, props.currency)
  return (
    <div
      className={`surface space-y-1 rounded-xl p-3 ${props.checked ? 'ring-2 ring-brand-500' : ''}`}
      data-testid="use-credit"
    >
      <label className="flex cursor-pointer items-center gap-3 font-semibold">
        <input
          type="checkbox"
          checked={props.checked}
          onChange={(e) => props.onChange(e.target.checked)}
          className="size-4 accent-brand-600"
          data-testid="use-credit-checkbox"
        />
        {t`Pay with store credit`}
      </label>
      <p className="text-muted pl-7 text-sm" data-testid="credit-balance" data-minor={props.balanceMinor}>
        <Trans>Your balance: {balance}</Trans>
      </p>
    </div>
  )
}

/**
 * Credit is spent only in its own currency (ADR 117): with none in the order's currency, the
 * shopper's positive balances in other currencies are named, each with a switch to that currency.
 */
export function OtherCurrencyCredit(props: {
  balances: readonly { currency: string; availableMinor: number }[]
  currency: string
  onSwitch: (currency: string) => void
}) {
  const money = useMoney()
  const others = props.balances.filter((b) => b.currency !== props.currency && b.availableMinor > 0)
  if (others.length === 0) return null
  return (
    <div className="surface space-y-2 rounded-xl p-3 text-sm" data-testid="other-currency-credit">
      <p>
        <Trans>Your store credit is in another currency. Pay in that currency to use it:</Trans>
      </p>
      <ul className="flex flex-wrap gap-2">
        {others.map(({ currency, availableMinor }) => {
          const balance = money(availableMinor, currency)
          return (
            <li key={currency}>
              <button
                type="button"
                onClick={() => props.onSwitch(currency)}
                data-testid="use-credit-currency"
                data-currency={currency}
                className="rounded-lg border border-[var(--border)] px-3 py-1 font-semibold tabular-nums hover:bg-brand-50 dark:hover:bg-white/5"
              >
                <Trans>
                  Pay in {currency} ({balance})
                </Trans>
              </button>
            </li>
          )
        })}
      </ul>
    </div>
  )
}

/** The summary's split: the total, the credit part, and what the card or wallet pays. */
export function CreditSplit(props: { totalMinor: number; creditMinor: number; currency: string }) {
  const money = useMoney()
  const rest = props.totalMinor - props.creditMinor
  return (
    <dl className="space-y-1 text-sm">
      <div className="flex justify-between">
        <dt>
          <Trans>Store credit</Trans>
        </dt>
        <dd
          className="text-emerald-700 tabular-nums dark:text-emerald-300"
          data-testid="credit-part"
          data-minor={props.creditMinor}
        >
          −{money(props.creditMinor, props.currency)}
        </dd>
      </div>
      <div className="flex justify-between font-semibold">
        <dt>
          <Trans>To pay by card/wallet</Trans>
        </dt>
        <dd className="tabular-nums" data-testid="card-part" data-minor={rest}>
          {money(rest, props.currency)}
        </dd>
      </div>
    </dl>
  )
}

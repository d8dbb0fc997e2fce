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

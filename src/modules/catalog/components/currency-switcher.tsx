import { useLingui } from '@lingui/react/macro'
import type { Currency } from '~/modules/catalog/money'

/** Segmented radio group: arrow keys move between currencies, as with any radio group. */
export function CurrencySwitcher(props: {
  currencies: readonly Currency[]
  value: Currency
  onChange: (currency: Currency) => void
}) {
  const { t } = useLingui()
  return (
    <fieldset className="flex items-center gap-2" data-testid="currency-switcher">
      <legend className="sr-only">{t`Currency`}</legend>
      <span aria-hidden className="text-muted text-sm">
        {t`Currency`}
      </span>
      <div className="flex rounded-lg border border-[var(--border)] p-0.5">
        {props.currencies.map((c) => (
          <label key={c} className="cursor-pointer">
            <input
              type="radio"
              name="currency"
              value={c}
              checked={props.value === c}
              onChange={() => props.onChange(c)}
              className="peer sr-only"
              data-testid={`currency-${c}`}
            />
            <span className="block rounded-md px-3 py-1 text-sm font-medium peer-checked:bg-brand-600 peer-checked:text-white peer-focus-visible:outline-2 peer-focus-visible:outline-brand-500">
              {c}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  )
}

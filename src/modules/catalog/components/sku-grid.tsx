import { Trans, useLingui } from '@lingui/react/macro'
import type { Locale } from '~/modules/i18n/locales'
import { formatMoney } from '~/modules/catalog/money'
import type { SkuOption } from '~/modules/catalog/offer.schemas'
import { packageValues, type PackageValue } from '~/modules/catalog/package-value'

/** The denomination grid: native radio inputs, so it works with Tab and the arrow keys. */
export function SkuGrid(props: {
  skus?: SkuOption[]
  selectedId?: number
  onSelect: (sku: SkuOption) => void
  locale: Locale
  busy?: boolean
}) {
  const { t } = useLingui()
  if (!props.skus) return <SkuGridSkeleton />
  if (props.skus.length === 0) {
    return (
      <p className="text-muted">
        <Trans>No packages are available in this currency.</Trans>
      </p>
    )
  }
  const values = packageValues(
    props.skus.map((s) => ({
      id: s.id,
      quantity: s.quantity,
      amountMinor: s.price.amountMinor,
      available: s.available,
    })),
  )
  return (
    <fieldset aria-busy={props.busy || undefined}>
      <legend className="mb-3 text-lg font-bold">{t`Choose a package`}</legend>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3" data-testid="sku-grid">
        {props.skus.map((sku) => (
          <label key={sku.id} className={sku.available ? 'cursor-pointer' : 'cursor-not-allowed'}>
            <input
              type="radio"
              name="sku"
              value={sku.id}
              checked={props.selectedId === sku.id}
              disabled={!sku.available}
              onChange={() => props.onSelect(sku)}
              className="peer sr-only"
              data-testid="sku-option"
              data-sku={sku.code}
            />
            <span className="surface relative flex h-full flex-col gap-1 rounded-xl p-3 transition peer-checked:border-brand-600 peer-checked:ring-2 peer-checked:ring-brand-600 peer-focus-visible:outline-2 peer-focus-visible:outline-brand-500 peer-disabled:opacity-50">
              <PackageBadges value={values?.get(sku.id)} />
              <span className="font-semibold">{sku.name}</span>
              <span className="text-lg font-extrabold text-link" data-testid="sku-price">
                {formatMoney(sku.price.amountMinor, sku.price.currency, props.locale)}
              </span>
              {sku.price.listMinor ? (
                <s className="text-muted text-xs">
                  {formatMoney(sku.price.listMinor, sku.price.currency, props.locale)}
                </s>
              ) : null}
              {values ? (
                <span className="text-muted text-xs" data-testid="sku-unit-price">
                  <Trans>
                    {formatMoney(values.get(sku.id)!.per100Minor, sku.price.currency, props.locale)} per 100
                  </Trans>
                </span>
              ) : null}
              {sku.stock === null ? null : sku.available ? (
                <span className="text-xs font-medium text-success" data-testid="stock-state">
                  <Trans>In stock</Trans>
                </span>
              ) : (
                <span className="text-xs font-medium text-danger" data-testid="stock-state">
                  <Trans>Out of stock</Trans>
                </span>
              )}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  )
}

/** "Best value" and "+10% bonus" where the offer's packages differ in value. */
function PackageBadges({ value }: { value: PackageValue | undefined }) {
  if (!value || (!value.bestValue && value.bonusPercent === 0)) return null
  return (
    <span className="flex flex-wrap gap-1" data-testid="sku-badges">
      {value.bestValue ? (
        <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-bold text-amber-900 dark:bg-amber-400/20 dark:text-amber-200">
          <Trans>Best value</Trans>
        </span>
      ) : null}
      {value.bonusPercent > 0 ? (
        <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-bold text-emerald-900 dark:bg-emerald-400/20 dark:text-emerald-200">
          <Trans>+{value.bonusPercent}% bonus</Trans>
        </span>
      ) : null}
    </span>
  )
}

export function SkuGridSkeleton() {
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-busy="true" data-testid="sku-skeleton">
      {Array.from({ length: 6 }, (_, i) => (
        <div key={i} className="surface h-24 animate-pulse rounded-xl" />
      ))}
    </div>
  )
}

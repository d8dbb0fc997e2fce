import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Wallet } from '~/components/icons/wallet'
import { LOCALE_CURRENCY } from '~/modules/catalog/money'
import { useMoney } from '~/modules/catalog/use-money'
import { DEFAULT_LOCALE, isLocale, localizePath, type Locale } from '~/modules/i18n/locales'
import { myCreditQuery } from '~/modules/store-credit/store-credit.queries'
import type { CreditBalanceView } from '~/modules/store-credit/store-credit.schemas'

/** The balances the header shows: every non-zero one, the page language's currency first (ADR 117). */
export function headerBalances(balances: readonly CreditBalanceView[], first: string): CreditBalanceView[] {
  return balances
    .filter((b) => b.availableMinor !== 0)
    .sort((a, b) => Number(b.currency === first) - Number(a.currency === first) || a.currency.localeCompare(b.currency))
}

/**
 * The header's store credit: each non-zero balance, the page language's currency first (a debt in
 * red). Below 640 px only the first fits beside the menu: the others are counted ("+1") and all of
 * them are read out and in the tooltip. Part of the signed-in account menu's lazy chunk: visitors
 * never load it, and the cached anonymous HTML never contains it (it is fetched in the browser once
 * the viewer is known).
 */
export function CreditBadge({ prefix }: { prefix: Locale | undefined }) {
  const { t, i18n } = useLingui()
  const money = useMoney()
  const pageCurrency = LOCALE_CURRENCY[isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE]
  const { data } = useQuery(myCreditQuery())
  const shown = headerBalances(data ?? [], pageCurrency)
  if (shown.length === 0) return null
  const amounts = shown.map((b) => money(b.availableMinor, b.currency))
  // The messages the badge had for one balance read as well for a list of them.
  const amount = amounts.join(', ')
  const debt = shown.some((b) => b.availableMinor < 0)
  const [primary] = shown
  return (
    <a
      href={localizePath('/user/profile', prefix)}
      data-testid="header-credit"
      data-minor={primary!.availableMinor}
      data-currency={primary!.currency}
      title={debt ? t`Store credit owed: ${amount}` : t`Store credit: ${amount}`}
      className="flex items-center gap-1.5 whitespace-nowrap rounded-md px-2 py-1.5 text-sm font-semibold tabular-nums hover:bg-brand-50 dark:hover:bg-white/5"
    >
      <Wallet aria-hidden className="size-4 text-emerald-700 dark:text-emerald-300" />
      <span className="sr-only">{`${debt ? t`Store credit owed:` : t`Store credit:`} ${amount}`}</span>
      {shown.map((b, i) => (
        <span
          key={b.currency}
          aria-hidden
          data-testid="header-credit-balance"
          data-currency={b.currency}
          data-minor={b.availableMinor}
          className={`${i > 0 ? 'hidden sm:inline' : ''} ${b.availableMinor < 0 ? 'text-danger' : 'text-emerald-700 dark:text-emerald-300'}`}
        >
          {amounts[i]}
        </span>
      ))}
      {shown.length > 1 ? (
        <span aria-hidden className="text-muted text-xs sm:hidden" data-testid="header-credit-more">
          +{shown.length - 1}
        </span>
      ) : null}
    </a>
  )
}

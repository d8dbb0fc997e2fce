import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Wallet } from '~/components/icons'
import { LOCALE_CURRENCY } from '~/modules/catalog/money'
import { useMoney } from '~/modules/catalog/use-money'
import { DEFAULT_LOCALE, isLocale, localizePath, type Locale } from '~/modules/i18n/locales'
import { myCreditQuery } from '~/modules/store-credit/store-credit.queries'

/**
 * The header's store-credit balance in the page language's currency, when it is not zero. Part of
 * the signed-in account menu's lazy chunk: visitors never load it, and the cached anonymous HTML
 * never contains it (it is fetched in the browser once the viewer is known).
 */
export function CreditBadge({ prefix }: { prefix: Locale | undefined }) {
  const { t, i18n } = useLingui()
  const money = useMoney()
  const currency = LOCALE_CURRENCY[isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE]
  const { data } = useQuery(myCreditQuery())
  const minor = data?.find((b) => b.currency === currency)?.availableMinor ?? 0
  if (minor === 0) return null
  const amount = money(minor, currency)
  const debt = minor < 0
  return (
    <a
      href={localizePath('/user/profile', prefix)}
      data-testid="header-credit"
      data-minor={minor}
      data-currency={currency}
      title={debt ? t`Store credit owed: ${amount}` : t`Store credit: ${amount}`}
      className={`flex items-center gap-1 whitespace-nowrap rounded-md px-2 py-1.5 text-sm font-semibold tabular-nums hover:bg-brand-50 dark:hover:bg-white/5 ${debt ? 'text-danger' : 'text-emerald-700 dark:text-emerald-300'}`}
    >
      <Wallet aria-hidden className="size-4" />
      <span className="sr-only">{debt ? t`Store credit owed:` : t`Store credit:`}</span>
      <span>{amount}</span>
    </a>
  )
}

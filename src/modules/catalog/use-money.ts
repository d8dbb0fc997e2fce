import { useLingui } from '@lingui/react'
import { formatMoney } from './money'
import { DEFAULT_LOCALE, isLocale } from '~/modules/i18n/locales'

/** Formats minor units in the page's language ("12,99 €"); every money figure a page shows goes through it. */
export function useMoney(): (minor: number, currency: string) => string {
  const { i18n } = useLingui()
  const locale = isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE
  return (minor, currency) => formatMoney(minor, currency, locale)
}

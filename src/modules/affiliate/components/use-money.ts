import { useLingui } from '@lingui/react'
import { formatMoney } from '../../catalog/money'
import { isLocale } from '../../i18n/locales'

/** Formats minor units in the active language (the dashboard shows one currency at a time). */
export function useMoney() {
  const { i18n } = useLingui()
  const locale = isLocale(i18n.locale) ? i18n.locale : 'en'
  return (amountMinor: number, currency: string) => formatMoney(amountMinor, currency, locale)
}

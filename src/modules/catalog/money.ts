/**
 * Money display rules (client-safe, no schema library: this ships on every catalogue page).
 * Amounts are integer minor units; division happens only for display.
 */
import type { Locale } from '~/modules/i18n/locales'
import { LOCALE_TAGS } from '~/modules/i18n/locales'
import { numberFormat } from '~/modules/i18n/formatters'

export const CURRENCIES = ['USD', 'EUR', 'BRL', 'RUB'] as const
export type Currency = (typeof CURRENCIES)[number]

/** The currency a visitor sees first in each language. */
export const LOCALE_CURRENCY: Record<Locale, Currency> = {
  en: 'USD',
  fr: 'EUR',
  pt: 'BRL',
  es: 'EUR',
  de: 'EUR',
  ru: 'RUB',
}

const digitsByCurrency = new Map<string, number>()

/**
 * Digits after the decimal point for a currency (ISO 4217 minor unit), as Intl knows them. Kept
 * per currency: `resolvedOptions()` builds a new object on every call, and every price on a page
 * asks (a signed-in /offer/1 render spent ~1.7 % of its CPU here).
 */
export function currencyDigits(currency: string): number {
  let digits = digitsByCurrency.get(currency)
  if (digits === undefined) {
    digits = numberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2
    digitsByCurrency.set(currency, digits)
  }
  return digits
}

/** "12,99 €" in the visitor's language. */
export function formatMoney(amountMinor: number, currency: string, locale: Locale): string {
  const digits = currencyDigits(currency)
  return numberFormat(LOCALE_TAGS[locale], { style: 'currency', currency }).format(amountMinor / 10 ** digits)
}

/** "12.99": the decimal string schema.org and payment APIs want, built without float arithmetic. */
export function toDecimalString(amountMinor: number, currency: string): string {
  if (!Number.isSafeInteger(amountMinor)) throw new Error(`not an integer amount: ${amountMinor}`)
  const digits = currencyDigits(currency)
  const sign = amountMinor < 0 ? '-' : ''
  const text = String(Math.abs(amountMinor)).padStart(digits + 1, '0')
  if (digits === 0) return sign + text
  return `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`
}

/**
 * The same figure written as a person of `locale` types it ("14,99" in German), for prefilled
 * amount fields; decimalToMinor reads either separator back. No grouping, which it would refuse.
 */
export function toLocaleDecimalString(amountMinor: number, currency: string, locale: string): string {
  const text = toDecimalString(amountMinor, currency)
  const separator = new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.'
  return separator === '.' ? text : text.replace('.', separator)
}

/**
 * "12.99" typed in a currency's units → 1299 minor units, without float arithmetic; undefined for
 * anything that is not a plain non-negative decimal with at most the currency's digits.
 */
export function decimalToMinor(text: string, currency: string): number | undefined {
  const match = /^(\d{1,12})(?:[.,](\d+))?$/.exec(text.trim())
  if (!match) return undefined
  const digits = currencyDigits(currency)
  const fraction = match[2] ?? ''
  if (fraction.length > digits) return undefined
  const minor = Number(match[1]! + fraction.padEnd(digits, '0'))
  return Number.isSafeInteger(minor) ? minor : undefined
}

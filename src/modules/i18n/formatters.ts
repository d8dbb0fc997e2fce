/**
 * Shared Intl formatters (client-safe). Building an Intl.NumberFormat costs far more than using
 * one (it was ~7 % of a page render's CPU when every money value built its own), so formatters
 * are kept per locale and options. The key space is small: a handful of locales times the option
 * sets the code uses.
 */
const numberFormats = new Map<string, Intl.NumberFormat>()
const dateFormats = new Map<string, Intl.DateTimeFormat>()
const collators = new Map<string, Intl.Collator>()

function memo<F, O>(store: Map<string, F>, locale: string, options: O | undefined, make: () => F): F {
  const key = options ? `${locale}|${JSON.stringify(options)}` : locale
  let formatter = store.get(key)
  if (!formatter) {
    formatter = make()
    store.set(key, formatter)
  }
  return formatter
}

export function numberFormat(locale: string, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  return memo(numberFormats, locale, options, () => new Intl.NumberFormat(locale, options))
}

export function dateTimeFormat(locale: string, options?: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return memo(dateFormats, locale, options, () => new Intl.DateTimeFormat(locale, options))
}

export function collator(locale: string, options?: Intl.CollatorOptions): Intl.Collator {
  return memo(collators, locale, options, () => new Intl.Collator(locale, options))
}

import { isLocale, type Locale } from './locales'

/**
 * params.parse for the optional {-$locale} segment: anything that is not one of the six codes does
 * not match, so /xx/offer/1 falls through to the catch-all. Pathless layouts under the segment
 * repeat it: the router keeps a parse per tree node, and a pathless child without one would
 * share (and clear) its parent's.
 */
export const localeParams = {
  parse: (raw: { locale?: string }): { locale?: Locale } | false => {
    if (raw.locale === undefined) return { locale: undefined }
    return isLocale(raw.locale) ? { locale: raw.locale } : false
  },
  stringify: (params: { locale?: Locale }) => ({ locale: params.locale }),
}

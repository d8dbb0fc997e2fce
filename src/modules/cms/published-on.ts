import { dateTimeFormat } from '~/modules/i18n/formatters'

/**
 * An article's publication day in the words of the page's locale, made on the server and sent
 * with the article: the browser's first Intl.DateTimeFormat costs ~50 ms of main thread on a slow
 * phone (~190 ms at Lighthouse's 4× CPU), in the middle of hydrating the home, news and article
 * pages (issue 11, ADR 078). In UTC, so every server and every visitor shows the same day.
 */
export function publishedOn(at: Date | string, locale: string, style: 'medium' | 'long'): string {
  return dateTimeFormat(locale, { dateStyle: style, timeZone: 'UTC' }).format(new Date(at))
}

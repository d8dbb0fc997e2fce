import type { I18n, MessageDescriptor } from '@lingui/core'
import { LOCALE_TAGS, isLocale } from '~/modules/i18n/locales'

export const BRAND = 'TopUp Hub'

export interface HeadExtras {
  /** Absolute or site-relative image for link previews. */
  image?: string
  /** Absolute origin, to make `image` absolute. */
  origin?: string
  /** og:type; defaults to website. */
  type?: 'website' | 'article' | 'product'
}

/** Localized <title> and description for a page's head(), with Open Graph tags. */
export function pageHead(
  i18n: I18n,
  title: MessageDescriptor | string,
  description?: MessageDescriptor | string,
  extras: HeadExtras = {},
) {
  const text = (m: MessageDescriptor | string) => (typeof m === 'string' ? m : i18n._(m))
  const fullTitle = `${text(title)} · ${BRAND}`
  const meta: Record<string, string>[] = [
    { title: fullTitle },
    { property: 'og:title', content: fullTitle },
    { property: 'og:site_name', content: BRAND },
    { property: 'og:type', content: extras.type ?? 'website' },
  ]
  if (isLocale(i18n.locale)) meta.push({ property: 'og:locale', content: LOCALE_TAGS[i18n.locale].replace('-', '_') })
  if (description) {
    meta.push({ name: 'description', content: text(description) })
    meta.push({ property: 'og:description', content: text(description) })
  }
  if (extras.image) {
    const image = extras.image.startsWith('/') && extras.origin ? extras.origin + extras.image : extras.image
    meta.push({ property: 'og:image', content: image })
  }
  return { meta }
}

/** A JSON-LD block for head().scripts; '<' is escaped so stored text can never close the tag. */
export function jsonLd(data: unknown) {
  return { type: 'application/ld+json', children: JSON.stringify(data).replace(/</g, '\\u003c') }
}

/** The absolute origin the root loader resolved (PUBLIC_ORIGIN or the request's). */
export function originFromMatches(matches: readonly { loaderData?: unknown }[]): string {
  const data = matches[0]?.loaderData as { origin?: string } | undefined
  return data?.origin ?? ''
}

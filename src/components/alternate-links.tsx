import { useLoaderData, useRouterState } from '@tanstack/react-router'
import { LOCALES, LOCALE_TAGS, localeFromPath, localizePath, type Locale } from '~/modules/i18n/locales'

/**
 * rel=alternate hreflang links for the six locales plus x-default, and the canonical link: the
 * prefixed URL of the language the page is rendered in.
 */
export function AlternateLinks() {
  const { origin } = useLoaderData({ from: '__root__' })
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  const locale = useRouterState({
    select: (s) => (s.matches[0]?.context as { locale?: Locale } | undefined)?.locale,
  })
  const current = localeFromPath(pathname) ?? locale ?? 'en'
  return (
    <>
      <link rel="canonical" href={origin + localizePath(pathname, current)} />
      {LOCALES.map((l) => (
        <link key={l} rel="alternate" hrefLang={LOCALE_TAGS[l]} href={origin + localizePath(pathname, l)} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={origin + localizePath(pathname, undefined)} />
    </>
  )
}

import { useLoaderData, useRouterState } from '@tanstack/react-router'
import { LOCALES, LOCALE_TAGS, localeFromPath, localizePath } from '~/modules/i18n/locales'

/**
 * rel=alternate hreflang links for the six locales plus x-default, and the canonical link: the
 * page's own address. A prefixed URL names its language; the unprefixed one is the x-default
 * (its language follows the visitor), so pointing its canonical at a prefixed URL would send
 * search engines from one hreflang alternate to another (issue 36, Lighthouse "canonical").
 */
export function AlternateLinks() {
  const { origin } = useLoaderData({ from: '__root__' })
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  return (
    <>
      <link rel="canonical" href={origin + localizePath(pathname, localeFromPath(pathname))} />
      {LOCALES.map((l) => (
        <link key={l} rel="alternate" hrefLang={LOCALE_TAGS[l]} href={origin + localizePath(pathname, l)} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={origin + localizePath(pathname, undefined)} />
    </>
  )
}

/** The global redirect lookup (SPEC §2/§4), shared by the server entry and the router guard (client-safe). */
import { localeFromPath, localizePath, stripLocale } from '~/modules/i18n/locales'

/** Unprefixed from-path → target path and status. Small: the whole map travels to the browser. */
export type RedirectMap = Record<string, { to: string; status: 301 | 302 }>

/**
 * The redirect for a request path, if any. The locale prefix is kept ("/de/faq" → "/de/how-to-buy"),
 * and so is the query string when the target has none.
 */
export function findRedirect(
  map: RedirectMap,
  pathname: string,
  search = '',
): { href: string; status: 301 | 302 } | null {
  const bare = stripLocale(pathname)
  const hit = map[bare] ?? (bare.length > 1 && bare.endsWith('/') ? map[bare.slice(0, -1)] : undefined)
  if (!hit) return null
  const locale = localeFromPath(pathname)
  const target = locale && hit.to.startsWith('/') ? localizePath(hit.to, locale) : hit.to
  const query =
    search && search !== '?' && !target.includes('?') ? (search.startsWith('?') ? search : `?${search}`) : ''
  return { href: target + query, status: hit.status }
}

/** Same-site path rule for stored redirects: no scheme, no protocol-relative "//host". */
export function isSitePath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.includes('\\') && !/[\s<>"]/.test(path)
}

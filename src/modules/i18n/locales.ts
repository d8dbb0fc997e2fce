/** Locale rules shared by server and client (pure, no I/O). */
export const LOCALES = ['en', 'fr', 'pt', 'es', 'de', 'ru'] as const
export type Locale = (typeof LOCALES)[number]
export const DEFAULT_LOCALE: Locale = 'en'

/** Full language tags, used for hreflang, og:locale and Accept-Language exact matches. */
export const LOCALE_TAGS: Record<Locale, string> = {
  en: 'en-US',
  fr: 'fr-FR',
  pt: 'pt-BR',
  es: 'es-ES',
  de: 'de-DE',
  ru: 'ru-RU',
}

/** Names of each language in itself, for the language switcher. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  fr: 'Français',
  pt: 'Português',
  es: 'Español',
  de: 'Deutsch',
  ru: 'Русский',
}

export const LOCALE_COOKIE = 'i18n_locale'
export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60

/**
 * The locale cookie's attributes (SPEC §4: 365 days, path /, SameSite=Lax, None with the
 * cross-origin option, Secure when configured), the same whoever writes it (the server's Set-Cookie, the
 * language switcher's document.cookie): SameSite=None for cross-origin embedding, which browsers
 * accept only with Secure.
 */
export function localeCookieAttributes(attrs: { secure: boolean; crossOrigin: boolean }) {
  return {
    maxAge: LOCALE_COOKIE_MAX_AGE,
    path: '/',
    sameSite: attrs.crossOrigin ? ('none' as const) : ('lax' as const),
    secure: attrs.secure || attrs.crossOrigin,
  }
}

/** The locale cookie as the browser writes it (document.cookie), with the server's attributes. */
export function localeCookieString(locale: Locale, attrs: { secure: boolean; crossOrigin: boolean }): string {
  const a = localeCookieAttributes(attrs)
  const parts = [`${LOCALE_COOKIE}=${locale}`, `Max-Age=${a.maxAge}`, `Path=${a.path}`]
  parts.push(a.sameSite === 'none' ? 'SameSite=None' : 'SameSite=Lax')
  if (a.secure) parts.push('Secure')
  return parts.join('; ')
}

/** The locale stored in a `document.cookie` string, when it is one of the six. */
export function localeInCookies(cookies: string): Locale | undefined {
  for (const part of cookies.split(';')) {
    const [name, value] = part.trim().split('=')
    if (name === LOCALE_COOKIE && isLocale(value)) return value
  }
  return undefined
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value)
}

/** The locale named by the first path segment, if any ("/fr/news" → "fr"). */
export function localeFromPath(pathname: string): Locale | undefined {
  const first = pathname.split('/')[1]
  return isLocale(first) ? first : undefined
}

/** The path without its locale prefix ("/fr/news" → "/news", "/fr" → "/"). */
export function stripLocale(pathname: string): string {
  const locale = localeFromPath(pathname)
  if (!locale) return pathname || '/'
  const rest = pathname.slice(locale.length + 1)
  return rest === '' ? '/' : rest
}

/** The same path in another locale; `undefined` gives the unprefixed (x-default) path. */
export function localizePath(pathname: string, locale: Locale | undefined): string {
  const bare = stripLocale(pathname)
  if (!locale) return bare
  return bare === '/' ? `/${locale}` : `/${locale}${bare}`
}

interface LanguageRange {
  tag: string
  q: number
  index: number
}

export function parseAcceptLanguage(header: string | null | undefined): LanguageRange[] {
  if (!header) return []
  return header
    .split(',')
    .map((part, index) => {
      const [rawTag, ...params] = part.trim().split(';')
      const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
      const q = qParam ? Number(qParam.slice(2)) : 1
      return { tag: (rawTag ?? '').trim().toLowerCase(), q: Number.isFinite(q) ? q : 0, index }
    })
    .filter((r) => r.tag !== '' && r.tag !== '*' && r.q > 0)
}

/**
 * Picks a supported locale from an Accept-Language list. Ranges are taken by quality; among equal
 * quality an exact language-region match (de-DE ↔ de-DE) scores higher than a language-only one
 * (de-AT ↔ de), then header order decides.
 */
export function matchAcceptLanguage(header: string | null | undefined): Locale | undefined {
  let best: { locale: Locale; q: number; score: number; index: number } | undefined
  for (const range of parseAcceptLanguage(header)) {
    const language = range.tag.split('-')[0]
    for (const locale of LOCALES) {
      const exact = LOCALE_TAGS[locale].toLowerCase() === range.tag || locale === range.tag
      const score = exact ? 2 : language === locale ? 1 : 0
      if (score === 0) continue
      const better =
        !best ||
        range.q > best.q ||
        (range.q === best.q && score > best.score) ||
        (range.q === best.q && score === best.score && range.index < best.index)
      if (better) best = { locale, q: range.q, score, index: range.index }
    }
  }
  return best?.locale
}

export interface LocaleInputs {
  pathname: string
  cookie?: string | null
  acceptLanguage?: string | null
  fallback?: Locale
}

/** SPEC §4 order: URL prefix, then cookie (only one of the six), then browser list, then fallback, then en. */
export function detectLocale(input: LocaleInputs): Locale {
  return (
    localeFromPath(input.pathname) ??
    (isLocale(input.cookie) ? input.cookie : undefined) ??
    matchAcceptLanguage(input.acceptLanguage) ??
    input.fallback ??
    DEFAULT_LOCALE
  )
}

/**
 * Whether the response must (re)write the locale cookie. A valid cookie is rewritten only when the
 * locale changed (a prefixed URL chose another one). Without one, the detected locale is stored
 * (SPEC §4: detection on first access) unless storing it would change nothing: when the browser
 * list and the fallback already give that locale, the cookieless answer stays the same, and the
 * response stays shareable (a CDN or the HTML cache never holds a response that sets a cookie).
 */
export function localeCookieNeeded(input: LocaleInputs, locale: Locale): boolean {
  if (isLocale(input.cookie)) return input.cookie !== locale
  const fallback = input.fallback ?? DEFAULT_LOCALE
  return locale !== fallback || (matchAcceptLanguage(input.acceptLanguage) ?? fallback) !== locale
}

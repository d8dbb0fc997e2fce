import { getCookie, getRequestHeader, setCookie } from '@tanstack/react-start/server'
import { config } from '../../../app.config'
import { detectLocale, localeCookieAttributes, localeCookieNeeded, LOCALE_COOKIE, type Locale } from './locales'

export function localeCookieOptions() {
  const { COOKIE_SECURE, COOKIE_CROSS_ORIGIN } = config()
  return localeCookieAttributes({ secure: COOKIE_SECURE, crossOrigin: COOKIE_CROSS_ORIGIN })
}

/** Decides the request's locale (SPEC §4) and remembers it in the locale cookie when that changes anything. */
export function resolveRequestLocale(pathname: string): Locale {
  const inputs = {
    pathname,
    cookie: getCookie(LOCALE_COOKIE),
    acceptLanguage: getRequestHeader('accept-language'),
    fallback: config().LOCALE_FALLBACK,
  }
  const locale = detectLocale(inputs)
  if (localeCookieNeeded(inputs, locale)) setCookie(LOCALE_COOKIE, locale, localeCookieOptions())
  return locale
}

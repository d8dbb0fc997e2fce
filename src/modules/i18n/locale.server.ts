import { getCookie, getRequestHeader, setCookie } from '@tanstack/react-start/server'
import { config } from '../../../app.config'
import { detectLocale, LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE, type Locale } from './locales'

export function localeCookieOptions() {
  const { COOKIE_SECURE, COOKIE_CROSS_ORIGIN } = config()
  return {
    maxAge: LOCALE_COOKIE_MAX_AGE,
    path: '/',
    sameSite: COOKIE_CROSS_ORIGIN ? ('none' as const) : ('lax' as const),
    secure: COOKIE_SECURE,
  }
}

/** Decides the request's locale (SPEC §4) and remembers it in the locale cookie when it changed. */
export function resolveRequestLocale(pathname: string): Locale {
  const cookie = getCookie(LOCALE_COOKIE)
  const locale = detectLocale({
    pathname,
    cookie,
    acceptLanguage: getRequestHeader('accept-language'),
    fallback: config().LOCALE_FALLBACK,
  })
  if (cookie !== locale) setCookie(LOCALE_COOKIE, locale, localeCookieOptions())
  return locale
}

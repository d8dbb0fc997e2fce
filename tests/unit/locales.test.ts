import { describe, expect, it } from 'vitest'
import {
  detectLocale,
  localeCookieAttributes,
  localeCookieNeeded,
  localeCookieString,
  localeFromPath,
  localizePath,
  matchAcceptLanguage,
  stripLocale,
} from '../../src/modules/i18n/locales'

describe('locale detection (SPEC §4)', () => {
  it('takes the URL prefix first', () => {
    expect(detectLocale({ pathname: '/pt/offer/1', cookie: 'fr', acceptLanguage: 'de' })).toBe('pt')
  })

  it('then a cookie naming one of the six locales', () => {
    expect(detectLocale({ pathname: '/', cookie: 'fr', acceptLanguage: 'de-DE,de;q=0.9' })).toBe('fr')
  })

  it('ignores a cookie that is not one of the six', () => {
    expect(detectLocale({ pathname: '/', cookie: 'it', acceptLanguage: 'de-DE,de;q=0.9,fr;q=0.8' })).toBe('de')
  })

  it('then the browser list, then the fallback, then en', () => {
    expect(detectLocale({ pathname: '/', acceptLanguage: 'ja,zh;q=0.5', fallback: 'es' })).toBe('es')
    expect(detectLocale({ pathname: '/' })).toBe('en')
  })

  it('does not treat unknown prefixes as locales', () => {
    expect(localeFromPath('/xx/offer/1')).toBeUndefined()
    expect(localeFromPath('/english')).toBeUndefined()
    expect(localeFromPath('/de')).toBe('de')
  })
})

describe('Accept-Language matching', () => {
  it('follows quality values', () => {
    expect(matchAcceptLanguage('fr;q=0.5,ru;q=0.9')).toBe('ru')
  })

  it('scores an exact language-region match above a language-only one at equal quality', () => {
    // pt-PT only matches "pt" by language; de-DE matches the de locale's tag exactly.
    expect(matchAcceptLanguage('pt-PT,de-DE')).toBe('de')
    expect(matchAcceptLanguage('de-AT,pt-BR')).toBe('pt')
  })

  it('keeps header order when scores tie', () => {
    expect(matchAcceptLanguage('es,fr')).toBe('es')
  })

  it('skips wildcards, zero quality and garbage', () => {
    expect(matchAcceptLanguage('*;q=1,fr;q=0,de;q=0.1')).toBe('de')
    expect(matchAcceptLanguage(';;;,')).toBeUndefined()
    expect(matchAcceptLanguage(undefined)).toBeUndefined()
  })
})

describe('localized paths', () => {
  it('strips and adds prefixes', () => {
    expect(stripLocale('/fr/news')).toBe('/news')
    expect(stripLocale('/fr')).toBe('/')
    expect(localizePath('/fr/news', 'de')).toBe('/de/news')
    expect(localizePath('/', 'ru')).toBe('/ru')
    expect(localizePath('/es/offer/1', undefined)).toBe('/offer/1')
  })
})

describe('locale cookie: written only when it changes anything', () => {
  const needed = (input: Parameters<typeof detectLocale>[0]) => localeCookieNeeded(input, detectLocale(input))

  it('stores a first detection that differs from the cookieless default (SPEC §4: first access)', () => {
    expect(needed({ pathname: '/', acceptLanguage: 'de-DE,de;q=0.9' })).toBe(true)
    expect(needed({ pathname: '/fr/news' })).toBe(true)
  })

  it('stores an explicit fallback-language choice that the browser list would not give', () => {
    expect(needed({ pathname: '/en/news', acceptLanguage: 'de' })).toBe(true)
  })

  it('writes nothing when the cookieless answer is already that locale (a shareable response)', () => {
    expect(needed({ pathname: '/' })).toBe(false)
    expect(needed({ pathname: '/', acceptLanguage: 'en-US,en;q=0.9' })).toBe(false)
    expect(needed({ pathname: '/es/news', fallback: 'es' })).toBe(false)
  })

  it('rewrites a valid cookie only when the locale changed', () => {
    expect(needed({ pathname: '/fr/news', cookie: 'fr' })).toBe(false)
    expect(needed({ pathname: '/', cookie: 'de', acceptLanguage: 'fr' })).toBe(false)
    expect(needed({ pathname: '/pt/news', cookie: 'fr' })).toBe(true)
    expect(needed({ pathname: '/', cookie: 'xx', acceptLanguage: 'de' })).toBe(true)
  })
})

describe('locale cookie written by the browser (SPEC §4)', () => {
  it('carries the server attributes: 365 days, path /, Lax; None and Secure when cross-origin; Secure when configured', () => {
    expect(localeCookieString('fr', { secure: false, crossOrigin: false })).toBe(
      'i18n_locale=fr; Max-Age=31536000; Path=/; SameSite=Lax',
    )
    expect(localeCookieString('de', { secure: true, crossOrigin: false })).toBe(
      'i18n_locale=de; Max-Age=31536000; Path=/; SameSite=Lax; Secure',
    )
    expect(localeCookieString('ru', { secure: true, crossOrigin: true })).toBe(
      'i18n_locale=ru; Max-Age=31536000; Path=/; SameSite=None; Secure',
    )
    // The server's Set-Cookie takes the same attributes (locale.server.ts).
    expect(localeCookieAttributes({ secure: true, crossOrigin: true })).toEqual({
      maxAge: 31536000,
      path: '/',
      sameSite: 'none',
      secure: true,
    })
  })
})

import { describe, expect, it } from 'vitest'
import {
  detectLocale,
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

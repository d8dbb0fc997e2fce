import { expect, test } from '@playwright/test'

import { PREFIXES, ROUTES } from './spec-routes'

test.describe('every SPEC route answers in all seven variants', () => {
  for (const route of ROUTES) {
    test(route, async ({ request }) => {
      for (const prefix of PREFIXES) {
        const path = prefix + (route === '/' && prefix ? '' : route)
        const response = await request.get(path, { maxRedirects: 0 })
        expect([200, 302, 303, 307], `${path} → ${response.status()}`).toContain(response.status())
        if (response.status() === 200) {
          const html = await response.text()
          const lang = prefix ? prefix.slice(1) : 'en'
          expect(html, path).toContain(`<html lang="${lang}"`)
          expect(html, path).toMatch(/<title>[^<]+<\/title>/)
        }
      }
    })
  }
})

test('bad params and unknown paths are 404 with the SPEC messages', async ({ request }) => {
  const cases: [string, string][] = [
    ['/offer/abc', 'Page Not Found: /offer/abc'],
    ['/de/offer/-1', 'Page Not Found: /de/offer/-1'],
    ['/offer/1/2', 'Page not found /offer/1/2'],
    ['/categories/a/b', 'Page not found /categories/a/b'],
    ['/xx/offer/1', 'Page not found /xx/offer/1'],
    ['/no/such/page', 'Page not found /no/such/page'],
  ]
  for (const [path, message] of cases) {
    const response = await request.get(path)
    expect(response.status(), path).toBe(404)
    expect(await response.text(), path).toContain(message)
  }
  expect((await request.get('/404')).status()).toBe(404)
})

test('multi-segment aliases and slugs reach their pages; order pages ignore case', async ({ request }) => {
  const shortLink = await request.get('/r/a/b/c', { maxRedirects: 0 })
  expect([200, 302, 404]).toContain(shortLink.status())
  expect(await shortLink.text()).not.toContain('Page not found /r/a/b/c')
  const deep = await request.get('/any/deep/path')
  expect(await deep.text()).toContain('Page not found /any/deep/path')
  for (const path of ['/ORDER/LIST', '/Order/Details', '/fr/ORDER/list']) {
    const response = await request.get(path, { maxRedirects: 0 })
    expect([200, 302, 303, 307], path).toContain(response.status())
  }
  // Other routes stay case-sensitive.
  expect((await request.get('/NEWS')).status()).toBe(404)
})

test('locale detection: Accept-Language, cookie, prefix', async ({ playwright }) => {
  const api = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL })
  const german = await api.get('/', { headers: { 'accept-language': 'de-DE,de;q=0.9,fr;q=0.8' } })
  expect(await german.text()).toContain('<html lang="de"')
  const setCookie = german.headers()['set-cookie'] ?? ''
  expect(setCookie).toMatch(/i18n_locale=de/)
  expect(setCookie).toMatch(/Max-Age=31536000/i)
  expect(setCookie).toMatch(/Path=\//i)
  expect(setCookie).toMatch(/SameSite=Lax/i)
  await api.dispose()

  const withCookie = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL })
  const french = await withCookie.get('/', {
    headers: { 'accept-language': 'de-DE,de;q=0.9', cookie: 'i18n_locale=fr' },
  })
  expect(await french.text()).toContain('<html lang="fr"')
  const portuguese = await withCookie.get('/pt/news', { headers: { cookie: 'i18n_locale=fr' } })
  expect(await portuguese.text()).toContain('<html lang="pt"')
  await withCookie.dispose()
})

test('every page has hreflang alternates for six locales plus x-default and a canonical link', async ({ request }) => {
  const html = await (await request.get('/fr/news')).text()
  for (const tag of ['en-US', 'fr-FR', 'pt-BR', 'es-ES', 'de-DE', 'ru-RU', 'x-default']) {
    expect(html).toMatch(new RegExp(`<link rel="alternate" hrefLang="${tag}" href="http[^"]+"`, 'i'))
  }
  expect(html).toMatch(/<link rel="canonical" href="http[^"]+\/fr\/news"/)
  // The unprefixed page is the x-default: its canonical is itself, not another hreflang alternate.
  const home = await (await request.get('/', { headers: { 'accept-language': 'de-DE' } })).text()
  expect(home).toMatch(/<link rel="canonical" href="http:\/\/[^/"]+\/"/)
  expect(home).toMatch(/<link rel="alternate" hrefLang="x-default" href="http:\/\/[^/"]+\/"/)
})

test('navigation API returns the list with the local News entry appended', async ({ request }) => {
  const response = await request.get('/api/product/categories/navigation')
  expect(response.status()).toBe(200)
  const items = (await response.json()) as { code: string }[]
  expect(items.at(-1)).toEqual({ id: 5, name: 'News', type: 'url', url: '/news', code: 'news', visible: false })
  expect(items.length).toBeGreaterThan(1)
})

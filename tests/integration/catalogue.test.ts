/**
 * Catalogue and content use cases against a seeded PGlite database: SKU prices and stock,
 * localized reads with English fallback, the sandbox supplier, sanitised CMS HTML, short links,
 * redirects, the sitemap and the in-process cache.
 */
import { and, eq, isNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getCategoryPage } from '../../src/modules/catalog/category.server'
import { CURRENCIES } from '../../src/modules/catalog/money'
import { filterSku, getOffer } from '../../src/modules/catalog/offer.server'
import { getArticle, getPage, listNews } from '../../src/modules/cms/content.server'
import { findRedirect } from '../../src/modules/cms/redirects'
import { getRedirectMap, saveRedirect } from '../../src/modules/cms/redirects.server'
import { createShortLink, resolveShortLink } from '../../src/modules/cms/shortlinks.server'
import { listPublicPaths } from '../../src/modules/cms/sitemap.server'
import { AppError } from '../../src/modules/errors/app-error'
import { checkPlayerForOffer } from '../../src/modules/fulfilment/player.server'
import { supplierFor } from '../../src/modules/fulfilment/suppliers.server'
import { invalidate } from '../../src/server/cache'
import type { Db } from '../../src/server/db/client'
import * as t from '../../src/server/db/schema'
import { openThrowawayDb, type TestDb } from './throwaway-db'

let test: TestDb
let db: Db
/** The first server value of a game (seeded values are slugs of the labels). */
const serverOf = async (slug: string) => {
  const [game] = await db.select().from(t.games).where(eq(t.games.slug, slug))
  return game.playerFields.find((f) => f.key === 'server')!.options![0].value
}
const offerOf = async (slug: string) => {
  const [row] = await db
    .select({ id: t.offers.id })
    .from(t.offers)
    .innerJoin(t.games, eq(t.games.id, t.offers.gameId))
    .where(eq(t.games.slug, slug))
  return row.id
}

beforeAll(async () => {
  test = await openThrowawayDb({ driver: 'pglite', prefix: 'catalogue' })
  db = test.db
})

afterAll(() => test?.close())

async function expectAppError(promise: Promise<unknown>, code: string) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(AppError)
  expect((error as AppError).code).toBe(code)
}

describe('filterSku', () => {
  it('prices every SKU in the asked currency, as integer minor units', async () => {
    const offerId = await offerOf('starfall-legends')
    const seen = new Map<string, number[]>()
    for (const currency of CURRENCIES) {
      const list = await filterSku(db, { offerId, currency })
      expect(list.currencies).toEqual(['USD', 'EUR', 'BRL', 'RUB'])
      expect(list.kind).toBe('topup')
      expect(list.skus.length).toBeGreaterThanOrEqual(4)
      for (const sku of list.skus) {
        expect(sku.price.currency).toBe(currency)
        expect(Number.isInteger(sku.price.amountMinor) && sku.price.amountMinor > 0).toBe(true)
        expect(sku.stock).toBeNull() // top-ups are not stocked
        expect(sku.available).toBe(true)
      }
      seen.set(
        currency,
        list.skus.map((s) => s.price.amountMinor),
      )
    }
    expect(seen.get('USD')!.slice(0, 2)).toEqual([99, 499])
    expect(seen.get('RUB')!.slice(0, 2)).toEqual([8900, 44900])
  })

  it('counts free codes for code products and marks a sold-out SKU unavailable', async () => {
    const offerId = await offerOf('void-hunters')
    const list = await filterSku(db, { offerId, currency: 'EUR' })
    expect(list.kind).toBe('currency')
    const soldOut = list.skus.filter((s) => !s.available)
    expect(soldOut).toHaveLength(1)
    expect(soldOut[0].stock).toBe(0)
    expect(list.skus.filter((s) => s.available).every((s) => s.stock === 20)).toBe(true)

    // Allocating a code is seen once the stock cache is invalidated.
    const sku = list.skus.find((s) => s.available)!
    const [code] = await db
      .select({ id: t.gameCodes.id })
      .from(t.gameCodes)
      .where(and(eq(t.gameCodes.skuId, sku.id), isNull(t.gameCodes.orderId)))
      .limit(1)
    await db.delete(t.gameCodes).where(eq(t.gameCodes.id, code.id))
    invalidate('stock')
    expect((await filterSku(db, { offerId, currency: 'EUR' })).skus.find((s) => s.id === sku.id)!.stock).toBe(19)
  })

  it('filters by region and rejects unknown regions, servers and offers', async () => {
    const offerId = await offerOf('questline-wallet-card')
    const us = await filterSku(db, { offerId, currency: 'USD', region: 'US' })
    expect(us.skus.length).toBeGreaterThan(0)
    expect(us.skus.every((s) => s.region === 'US' || s.region === null)).toBe(true)
    await expectAppError(filterSku(db, { offerId, currency: 'USD', region: 'MARS' }), 'INVALID_INPUT')
    const server = await serverOf('starfall-legends')
    await expectAppError(filterSku(db, { offerId, currency: 'USD', server }), 'INVALID_INPUT')
    const starfall = await offerOf('starfall-legends')
    expect((await filterSku(db, { offerId: starfall, currency: 'USD', server })).skus.length).toBe(6)
    await expectAppError(filterSku(db, { offerId: 999_999, currency: 'USD' }), 'NOT_FOUND')
  })
})

describe('catalogue reads', () => {
  it('lists a category with localized names and falls back to English', async () => {
    const de = await getCategoryPage(db, 'mobile-games', 'de')
    expect(de).toMatchObject({ code: 'mobile-games', name: 'Handyspiele', locale: 'de' })
    expect(de!.games.map((g) => g.slug)).toContain('starfall-legends')
    expect(await getCategoryPage(db, 'no-such-category', 'de')).toBeNull()

    const [cat] = await db.select().from(t.categories).where(eq(t.categories.code, 'pc-games'))
    await db
      .delete(t.categoryTranslations)
      .where(and(eq(t.categoryTranslations.categoryId, cat.id), eq(t.categoryTranslations.locale, 'ru')))
    invalidate('catalog')
    expect(await getCategoryPage(db, 'pc-games', 'ru')).toMatchObject({ name: 'PC Games', locale: 'en' })
  })

  it('reads an offer with its game, category and player fields', async () => {
    const offer = await getOffer(db, await offerOf('starfall-legends'), 'fr')
    expect(offer).toMatchObject({
      kind: 'topup',
      locale: 'fr',
      category: { code: 'mobile-games', name: 'Jeux mobiles' },
    })
    expect(offer!.game.playerFields.map((f) => f.key)).toEqual(['playerId', 'server'])
    expect(await getOffer(db, 999_999, 'fr')).toBeNull()
  })
})

describe('player check (sandbox supplier)', () => {
  const check = async (slug: string, playerId: string, server?: string) =>
    checkPlayerForOffer(db, supplierFor(db), { offerId: await offerOf(slug), playerId, server })

  it('follows the DESIGN.md contract', async () => {
    const ok = await check('mech-arena-zero', '123456')
    expect(ok).toEqual({ ok: true, nickname: expect.stringMatching(/^Player[A-Z][a-z]+\d+$/) })
    expect(await check('mech-arena-zero', '123456')).toEqual(ok) // deterministic
    expect(await check('mech-arena-zero', '912345')).toEqual({ ok: false, code: 'PLAYER_NOT_FOUND' })
    for (const bad of ['12345', '1234567890123', '12345a', '']) {
      expect(await check('mech-arena-zero', bad), bad).toEqual({ ok: false, code: 'INVALID_PLAYER_ID' })
    }
    expect(await check('starfall-legends', '123456', await serverOf('starfall-legends'))).toMatchObject({ ok: true })
    expect(await check('starfall-legends', '123456', 'nowhere')).toEqual({ ok: false, code: 'WRONG_SERVER' })
    expect(await check('starfall-legends', '123456')).toEqual({ ok: false, code: 'WRONG_SERVER' })
    await expectAppError(check('pocket-kingdoms', '123456'), 'INVALID_INPUT') // code product: no player
  })
})

describe('content', () => {
  it('sanitises stored HTML: no script, event handler, javascript: link, iframe or style', async () => {
    const [article] = await db.select().from(t.articles).where(eq(t.articles.path, 'store-open-in-six-languages'))
    await db
      .update(t.articleTranslations)
      .set({
        content: [
          '<p>Hello <strong>world</strong></p>',
          '<script>alert(1)</script>',
          '<img src="https://cdn.example.org/x.png" onerror="alert(2)" alt="x">',
          '<a href="javascript:alert(3)">bad</a> <a href="/news" onclick="alert(4)">ok</a>',
          '<a href="JaVaScRiPt:alert(5)">bad2</a>',
          '<iframe src="https://evil.test"></iframe><style>body{display:none}</style>',
          '<p style="color:red">styled</p><svg onload="alert(6)"></svg>',
        ].join(''),
      })
      .where(and(eq(t.articleTranslations.articleId, article.id), eq(t.articleTranslations.locale, 'es')))
    invalidate('content')
    const view = await getArticle(db, 'store-open-in-six-languages', 'es')
    const html = view!.html
    expect(html).toContain('<strong>world</strong>')
    expect(html).toContain('<a href="/news">ok</a>')
    for (const banned of [
      '<script',
      'alert(1)',
      'onerror',
      'onclick',
      'onload',
      'javascript:',
      '<iframe',
      '<style',
      'style=',
      '<svg',
    ]) {
      expect(html.toLowerCase(), banned).not.toContain(banned.toLowerCase())
    }
  })

  it('falls back to English for a missing translation and says so', async () => {
    const [page] = await db.select().from(t.pages).where(eq(t.pages.slug, 'refund-policy'))
    await db
      .delete(t.pageTranslations)
      .where(and(eq(t.pageTranslations.pageId, page.id), eq(t.pageTranslations.locale, 'pt')))
    invalidate('content')
    expect(await getPage(db, 'refund-policy', 'pt')).toMatchObject({ locale: 'en', title: 'Refund policy' })
    expect(await getPage(db, 'refund-policy', 'de')).toMatchObject({ locale: 'de' })
    expect(await getPage(db, 'no-such-page', 'de')).toBeNull()
    expect(await getArticle(db, 'no-such-article', 'de')).toBeNull()
  })

  it('pages the news list newest first', async () => {
    const first = await listNews(db, 'fr', 1, 4)
    expect(first.total).toBe(6)
    expect(first.pages).toBe(2)
    expect(first.items).toHaveLength(4)
    expect(first.items.every((i) => i.locale === 'fr')).toBe(true)
    const dates = first.items.map((i) => i.publishedAt)
    expect([...dates].sort().reverse()).toEqual(dates)
    expect((await listNews(db, 'fr', 2, 4)).items).toHaveLength(2)
  })
})

describe('short links', () => {
  it('resolves seeded aliases, including several segments', async () => {
    expect(await resolveShortLink(db, 'guides/start')).toBe('/how-to-buy')
    expect(await resolveShortLink(db, 'community')).toBe('https://community.example.org/join')
    expect(await resolveShortLink(db, 'a/b/c')).toBeNull()
    expect(await resolveShortLink(db, '../etc')).toBeNull()
  })

  it('validates targets on write', async () => {
    const bad = [
      { alias: 'x1', target: 'https://evil.example.com/' },
      { alias: 'x2', target: '//evil.com/path' },
      { alias: 'x3', target: 'javascript:alert(1)' },
      { alias: 'x4', target: 'http://community.example.org/' },
      { alias: 'x5', target: '/\\evil.com' },
      { alias: 'bad alias', target: '/news' },
      { alias: 'x6/', target: '/news' },
    ]
    for (const input of bad) await expectAppError(createShortLink(db, input), 'INVALID_INPUT')
    await createShortLink(db, { alias: 'news/latest', target: '/news' })
    expect(await resolveShortLink(db, 'news/latest')).toBe('/news')
    await expectAppError(createShortLink(db, { alias: 'news/latest', target: '/coupon' }), 'CONFLICT')
    await createShortLink(db, { alias: 'status', target: 'https://status.example.org/' })
  })
})

describe('redirects', () => {
  it('maps stored paths, keeps the locale prefix and sees writes at once', async () => {
    const map = await getRedirectMap(db)
    expect(map['/old-news']).toEqual({ to: '/news', status: 301 })
    expect(findRedirect(map, '/de/old-news')).toEqual({ href: '/de/news', status: 301 })
    expect(findRedirect(map, '/promo-2025', '?utm=x')).toEqual({ href: '/coupon?utm=x', status: 302 })
    expect(findRedirect(map, '/news')).toBeNull()

    await saveRedirect(db, { fromPath: '/old-coupons', toPath: '/coupon', status: 302 })
    expect(findRedirect(await getRedirectMap(db), '/fr/old-coupons')).toEqual({ href: '/fr/coupon', status: 302 })
    await expectAppError(saveRedirect(db, { fromPath: '/a', toPath: '//evil.com' }), 'INVALID_INPUT')
    await expectAppError(saveRedirect(db, { fromPath: '/a', toPath: 'https://evil.com' }), 'INVALID_INPUT')
    await expectAppError(saveRedirect(db, { fromPath: '/a', toPath: '/a' }), 'INVALID_INPUT')
  })
})

describe('sitemap', () => {
  it('lists every public page once (variants are added when rendering)', async () => {
    const paths = await listPublicPaths(db)
    expect(new Set(paths).size).toBe(paths.length)
    expect(paths).toEqual(
      expect.arrayContaining([
        '/',
        '/about-us',
        '/payment/payPalGuide',
        '/news',
        '/categories/mobile-games',
        `/offer/${await offerOf('starfall-legends')}`,
        '/articles/store-open-in-six-languages',
      ]),
    )
    expect(paths.filter((p) => p.startsWith('/offer/'))).toHaveLength((await db.select().from(t.offers)).length)
  })
})

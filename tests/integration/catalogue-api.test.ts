/**
 * Bad input to every catalogue/content API endpoint and server-function schema: always a 400 with
 * a machine-readable error code, never a 500. Handlers run in-process on a seeded PGlite database.
 */
import { siteOrigin } from '../../src/server/http/origin'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { filterSkuQuerySchema } from '../../src/modules/catalog/offer.schemas'
import { contentInputSchema, newsInputSchema } from '../../src/modules/cms/content.schemas'
import { checkPlayerInputSchema } from '../../src/modules/fulfilment/supplier'
import * as t from '../../src/server/db/schema'
import { seedDemoData } from '../../src/app/seed/seed'
import { Route as FilterSkuRoute } from '../../src/routes/api/items/filterSku'
import { Route as RedirectsRoute } from '../../src/routes/api/cms/redirects'
import { Route as SitemapRoute } from '../../src/routes/sitemap[.]xml'
import { Route as RobotsRoute } from '../../src/routes/robots[.]txt'
import { throwawayAppDatabase } from './throwaway-db'

type Handler = (ctx: { request: Request }) => Promise<Response>
const getHandler = (route: unknown): Handler =>
  (route as { options: { server: { handlers: { GET: Handler } } } }).options.server.handlers.GET

const call = (route: unknown, url: string) => getHandler(route)({ request: new Request(`http://shop.test${url}`) })

const appDb = throwawayAppDatabase('catalogue-api')
/** Looked up after seeding: the region-locked gift card offer and a real server of offer 1. */
const ids = { regional: 0, server: '' }

beforeAll(async () => {
  const db = await appDb()
  await seedDemoData(db)
  const [regional] = await db
    .select({ id: t.offers.id })
    .from(t.offers)
    .innerJoin(t.games, eq(t.games.id, t.offers.gameId))
    .where(eq(t.games.slug, 'questline-wallet-card'))
  ids.regional = regional.id
  const [game] = await db.select().from(t.games).where(eq(t.games.slug, 'starfall-legends'))
  ids.server = game.playerFields.find((f) => f.key === 'server')!.options![0].value
})

describe('GET /api/items/filterSku', () => {
  const bad: [string, string][] = [
    ['', 'no query at all'],
    ['?currency=USD', 'missing offerId'],
    ['?offerId=1', 'missing currency'],
    ['?offerId=abc&currency=USD', 'offerId not a number'],
    ['?offerId=-1&currency=USD', 'negative offerId'],
    ['?offerId=0&currency=USD', 'zero offerId'],
    ['?offerId=1.5&currency=USD', 'fractional offerId'],
    ['?offerId=99999999999&currency=USD', 'offerId beyond int4'],
    ['?offerId=1&currency=XXX', 'unknown currency'],
    ['?offerId=1&currency=usd', 'lower-case currency'],
    ['?offerId=1&currency=USD&region=%3Cscript%3E', 'region with markup'],
    ['?offerId={regional}&currency=USD&region=MARS', 'region the offer is not sold in'],
    ['?offerId=1&currency=USD&server=' + 'x'.repeat(100), 'server too long'],
    ['?offerId=1&currency=USD&server=nowhere', 'server the game does not have'],
    ['?offerId=2&currency=USD&server={server}', 'server on a game without servers'],
  ]
  it.each(bad)('%s (%s) → 400 INVALID_INPUT', async (query) => {
    const filled = query.replace('{regional}', String(ids.regional)).replace('{server}', ids.server)
    const response = await call(FilterSkuRoute, `/api/items/filterSku${filled}`)
    expect(response.status).toBe(400)
    const body = (await response.json()) as { error: { code: string; issues?: unknown[] } }
    expect(body.error.code).toBe('INVALID_INPUT')
  })

  it('answers an unknown offer with 404 NOT_FOUND and a good query with SKUs', async () => {
    const missing = await call(FilterSkuRoute, '/api/items/filterSku?offerId=999999&currency=USD')
    expect(missing.status).toBe(404)
    expect(((await missing.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND')
    const ok = await call(FilterSkuRoute, `/api/items/filterSku?offerId=1&currency=BRL&server=${ids.server}`)
    expect(ok.status).toBe(200)
    const body = (await ok.json()) as { currency: string; skus: { price: { amountMinor: number } }[] }
    expect(body.currency).toBe('BRL')
    expect(body.skus.every((s) => Number.isInteger(s.price.amountMinor))).toBe(true)
  })
})

describe('endpoints without input', () => {
  it('GET /api/cms/redirects returns the cached map', async () => {
    const response = await call(RedirectsRoute, '/api/cms/redirects?junk=%00')
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toContain('s-maxage=300')
    expect(await response.json()).toMatchObject({ '/old-news': { to: '/news', status: 301 } })
  })

  it('GET /sitemap.xml lists all seven variants with hreflang alternates', async () => {
    const response = await call(SitemapRoute, '/sitemap.xml?x=1')
    expect(response.status).toBe(200)
    const xml = await response.text()
    // Absolute URLs come from the configured origin, never from the request's Host (shop.test).
    const origin = siteOrigin()
    expect(xml).not.toContain('shop.test')
    for (const loc of ['/', '/en', '/de', '/ru/news', '/fr/categories/mobile-games', '/pt/offer/1', '/es/about-us']) {
      expect(xml).toContain(`<loc>${origin}${loc}</loc>`)
    }
    expect(xml).toContain(`hreflang="x-default" href="${origin}/news"`)
    expect(xml).toContain(`hreflang="de-DE" href="${origin}/de/articles/store-open-in-six-languages"`)
  })

  it('GET /robots.txt points to the sitemap and keeps private areas out', async () => {
    const text = await (await call(RobotsRoute, '/robots.txt')).text()
    expect(text).toContain(`Sitemap: ${siteOrigin()}/sitemap.xml`)
    expect(text).not.toContain('shop.test')
    for (const p of ['/api/', '/workshop/', '/order/', '/user/', '/auth/']) expect(text).toContain(`Disallow: ${p}`)
  })
})

describe('server-function inputs', () => {
  const cases: [string, { safeParse(v: unknown): { success: boolean } }, unknown][] = [
    ['getSkus: string offerId with letters', filterSkuQuerySchema, { offerId: 'x', currency: 'USD' }],
    ['getSkus: unknown currency', filterSkuQuerySchema, { offerId: 1, currency: 'JPY' }],
    ['checkPlayer: missing playerId', checkPlayerInputSchema, { offerId: 1 }],
    ['checkPlayer: huge playerId', checkPlayerInputSchema, { offerId: 1, playerId: '1'.repeat(65) }],
    ['checkPlayer: negative offer', checkPlayerInputSchema, { offerId: -3, playerId: '123456' }],
    ['getNews: page 0', newsInputSchema, { locale: 'en', page: 0 }],
    ['getNews: unknown locale', newsInputSchema, { locale: 'it', page: 1 }],
    ['getArticle: path with a slash', contentInputSchema, { slug: 'a/b', locale: 'en' }],
    ['getArticle: path with dots', contentInputSchema, { slug: '..', locale: 'en' }],
  ]
  it.each(cases)('%s is rejected', (_name, schema, input) => {
    expect(schema.safeParse(input).success).toBe(false)
  })
})

/**
 * Game search against the database, on PGlite and PostgreSQL (the folding and trigram matching are
 * the database's own: pg_trgm and unaccent on both): typos, accents, aliases, a name in another
 * language, the ranking order with sales from paid orders, best sellers when nothing matches, and
 * input that must be refused (400) or taken literally, never a 500.
 */
import { randomBytes } from 'node:crypto'
import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { toAppError, type AppError } from '../../src/modules/errors/app-error'
import type { Locale } from '../../src/modules/i18n/locales'
import { refreshGameSales } from '../../src/modules/search/sales.server'
import { SEARCH_MAX_LENGTH } from '../../src/modules/search/search.schemas'
import { bestSellers, searchGames } from '../../src/modules/search/search.server'
import type { Db } from '../../src/server/db/client'
import * as t from '../../src/server/db/schema'
import { Route as SearchRoute } from '../../src/routes/api/search'
import { gameForAdmin, saveGame } from '../../src/modules/catalog/game-edit.server'
import { saveOffer } from '../../src/modules/catalog/offer-edit.server'
import { gameInput, makeAdmin, texts } from './catalog-fixtures'
import { routeHandler, testUser } from './doors'
import { describeOnEachDriver, openThrowawayDb, type TestDb } from './throwaway-db'

const tag = () => randomBytes(3).toString('hex')

interface GameSpec {
  /** English name; other locales get it too unless `names` says otherwise. */
  name: string
  names?: Partial<Record<Locale, string>>
  aliases?: string[]
  /** Paid orders to record (counted by the sales job). */
  sold?: number
  active?: boolean
}

/** A game with one active offer and SKU, its names and aliases; returns its offer id. */
async function addGame(db: Db, spec: GameSpec): Promise<number> {
  const [category] = await db.select({ id: t.categories.id }).from(t.categories).limit(1)
  const slug = `search-${tag()}`
  const [game] = await db
    .insert(t.games)
    .values({
      slug,
      categoryId: category!.id,
      kind: 'topup',
      cover: '/images/games/starfall-legends.svg',
      publisher: 'Test Publisher',
      active: spec.active ?? true,
    })
    .returning({ id: t.games.id })
  const locales: Locale[] = ['en', 'fr', 'pt', 'es', 'de', 'ru']
  await db
    .insert(t.gameTranslations)
    .values(locales.map((locale) => ({ gameId: game!.id, locale, name: spec.names?.[locale] ?? spec.name })))
  if (spec.aliases?.length) {
    await db.insert(t.gameAliases).values(spec.aliases.map((alias) => ({ gameId: game!.id, alias })))
  }
  const [offer] = await db.insert(t.offers).values({ gameId: game!.id, kind: 'topup' }).returning({ id: t.offers.id })
  const [sku] = await db
    .insert(t.skus)
    .values({ offerId: offer!.id, code: `S-${tag().toUpperCase()}`, name: '10 Gems', quantity: 10 })
    .returning({ id: t.skus.id })
  for (let i = 0; i < (spec.sold ?? 0); i++) await recordOrder(db, sku!.id, 'delivered')
  return offer!.id
}

async function recordOrder(db: Db, skuId: number, status: 'delivered' | 'refunded' | 'cancelled') {
  const [user] = await db
    .insert(t.users)
    .values({ email: `buyer-${tag()}@example.com`, username: 'buyer' })
    .returning({ id: t.users.id })
  const [order] = await db
    .insert(t.orders)
    .values({
      number: `GT-${tag().toUpperCase()}`,
      userId: user!.id,
      status,
      currency: 'USD',
      subtotalMinor: 99,
      totalMinor: 99,
      email: 'buyer@example.com',
    })
    .returning({ id: t.orders.id })
  await db
    .insert(t.orderItems)
    .values({ orderId: order!.id, skuId, title: 'Game — 10 Gems', quantity: 1, unitPriceMinor: 99, currency: 'USD' })
}

const names = async (db: Db, q: string, locale: Locale = 'en') =>
  (await searchGames(db, { q, locale })).hits.map((h) => h.name)

/** The error a door would answer with (zod failures become INVALID_INPUT there). */
async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const outcome = await promise.then(
    () => ({ resolved: true as const }),
    (e: unknown) => ({ resolved: false as const, error: e }),
  )
  if (outcome.resolved) throw new Error('expected a refusal')
  return toAppError(outcome.error)
}

describeOnEachDriver('game search', (driver) => {
  let tdb: TestDb
  let db: Db
  let mlbb: number
  let rivals: Record<string, number>

  beforeAll(async () => {
    tdb = await openThrowawayDb({ driver, prefix: 'search' })
    db = tdb.db
    mlbb = await addGame(db, { name: 'Mobile Legends: Bang Bang', aliases: ['mlbb', 'ML'], sold: 1 })
    await addGame(db, {
      name: 'Pokémon Crystal Rush',
      names: { ru: 'Покемон: Кристальный рывок', fr: 'Pokémon : Ruée de cristal' },
    })
    await addGame(db, { name: 'Quiet Harbour', names: { de: 'Stiller Hafen', ru: 'Тихая гавань' } })
    await addGame(db, { name: 'Retired Orbit Wars', active: false })
    // The ranking fixture: "orbit" is the whole name of one game, the start of two (one selling
    // more), a later word of another, inside a word of a fifth, and a typo away from a sixth.
    rivals = {
      exact: await addGame(db, { name: 'Orbit' }),
      prefixFew: await addGame(db, { name: 'Orbit Racers', sold: 1 }),
      prefixMany: await addGame(db, { name: 'Orbit Kingdoms', sold: 3 }),
      word: await addGame(db, { name: 'Siege of Orbit', sold: 9 }),
      inside: await addGame(db, { name: 'Suborbital', sold: 12 }),
    }
    await refreshGameSales(db)
  }, 120_000)
  afterAll(() => tdb?.close())

  it('finds a game despite typos ("starfal legnds")', async () => {
    expect((await names(db, 'starfal legnds'))[0]).toBe('Starfall Legends')
    expect((await names(db, 'mech arena zreo'))[0]).toBe('Mech Arena Zero')
  })

  it('finds a game typed without accents, and with accents its name lacks', async () => {
    expect(await names(db, 'pokemon crystal')).toContain('Pokémon Crystal Rush')
    expect(await names(db, 'POKEMON')).toContain('Pokémon Crystal Rush')
    expect(await names(db, 'stárfáll')).toContain('Starfall Legends')
  })

  it('finds a game by an alias the admin set, in any case', async () => {
    const result = await searchGames(db, { q: 'mlbb', locale: 'en' })
    expect(result.hits[0]).toMatchObject({ name: 'Mobile Legends: Bang Bang', offerId: mlbb, matched: 'mlbb' })
    // Two letters: the start of a name or alias, no trigram needed.
    expect((await names(db, 'ml'))[0]).toBe('Mobile Legends: Bang Bang')
  })

  it('finds a game by its name in another language and shows the page language name', async () => {
    const fromEnglish = await searchGames(db, { q: 'тихая гавань', locale: 'en' })
    expect(fromEnglish.hits[0]).toMatchObject({ name: 'Quiet Harbour', matched: 'Тихая гавань' })
    const fromGerman = await searchGames(db, { q: 'quiet harbour', locale: 'de' })
    expect(fromGerman.hits[0]).toMatchObject({ name: 'Stiller Hafen', matched: 'Quiet Harbour' })
    expect((await names(db, 'ruee de cristal', 'ru'))[0]).toBe('Покемон: Кристальный рывок')
  })

  it('ranks the whole name, then names starting with the query by sales, then later words, inside, typos', async () => {
    const result = await searchGames(db, { q: 'orbit', locale: 'en' })
    const order = result.hits.map((h) => h.offerId)
    const at = (key: string) => order.indexOf(rivals[key]!)
    expect(at('exact')).toBe(0)
    expect(at('prefixMany')).toBe(1)
    expect(at('prefixFew')).toBe(2)
    expect(at('word')).toBe(3)
    expect(at('inside')).toBe(4)
    expect(result.total).toBe(order.length)
    // A retired game is never offered.
    expect(result.hits.map((h) => h.name)).not.toContain('Retired Orbit Wars')
    expect((await names(db, 'orbti'))[0]).toBe('Orbit')
  })

  it('counts only paid orders in the sales window as sales', async () => {
    const [game] = await db
      .select({ id: t.games.id })
      .from(t.games)
      .innerJoin(t.offers, eq(t.offers.gameId, t.games.id))
      .where(eq(t.offers.id, rivals.prefixFew!))
    const [sku] = await db
      .select({ id: t.skus.id })
      .from(t.skus)
      .innerJoin(t.offers, eq(t.offers.id, t.skus.offerId))
      .where(eq(t.offers.gameId, game!.id))
    await recordOrder(db, sku!.id, 'refunded')
    await recordOrder(db, sku!.id, 'cancelled')
    await refreshGameSales(db)
    const [row] = await db.select().from(t.gameSales).where(eq(t.gameSales.gameId, game!.id))
    expect(row!.orders).toBe(1)
  })

  it('offers the best sellers when nothing matches or nothing is asked', async () => {
    const none = await searchGames(db, { q: 'zzqxv wbbk', locale: 'en' })
    expect(none.hits).toEqual([])
    expect(none.total).toBe(0)
    // Most sold first: "Suborbital" sold 12, "Siege of Orbit" 9.
    expect(none.bestSellers.slice(0, 2).map((g) => g.name)).toEqual(['Suborbital', 'Siege of Orbit'])
    expect(none.bestSellers).toEqual(await bestSellers(db, 'en'))
    const empty = await searchGames(db, { q: '   ', locale: 'en' })
    expect(empty).toMatchObject({ q: '', hits: [], total: 0 })
    expect(empty.bestSellers.length).toBeGreaterThan(0)
  })

  it('takes % and _ literally and cuts control characters, never as wildcards or errors', async () => {
    for (const q of ['%', '_', '%%%', '\\', "'; drop table games; --"]) {
      const result = await searchGames(db, { q, locale: 'en' })
      expect(result.hits, q).toEqual([])
      expect(result.bestSellers.length, q).toBeGreaterThan(0)
    }
    expect((await names(db, 'orbit%'))[0]).toBe('Orbit')
    expect((await names(db, 'st_rfall'))[0]).toBe('Starfall Legends')
    expect((await names(db, 'star\u0000fall'))[0]).toBe('Starfall Legends')
    const [games] = await db.select({ id: t.games.id }).from(t.games).limit(1)
    expect(games).toBeDefined()
  })

  it('refuses a query longer than the limit with INVALID_INPUT (400)', async () => {
    const error = await refusal(searchGames(db, { q: 'a'.repeat(SEARCH_MAX_LENGTH + 1), locale: 'en' }))
    expect(error.code).toBe('INVALID_INPUT')
    expect(error.status).toBe(400)
    await expect(searchGames(db, { q: 'a'.repeat(SEARCH_MAX_LENGTH), locale: 'en' })).resolves.toBeDefined()
  })

  it('keeps the suggestions to the limit asked for', async () => {
    const result = await searchGames(db, { q: 'orbit', locale: 'en', limit: 2 })
    expect(result.hits).toHaveLength(2)
    expect(result.total).toBeGreaterThan(2)
  })

  it('searches the aliases an admin sets in the game editor at once, and forgets replaced ones', async () => {
    const admin = await makeAdmin(db)
    const input = await gameInput(db, { texts: texts('Nebula Drift'), aliases: [' ndx ', 'Nébby'] })
    const game = await saveGame(db, admin, input)
    expect(game.aliases).toEqual(['Nébby', 'ndx'])
    await saveOffer(db, admin, { gameId: game.id, regions: ['global'], active: true })
    expect(await names(db, 'ndx')).toEqual(['Nebula Drift'])
    // Case and accents do not matter, as for names; the card says which alias matched.
    expect((await searchGames(db, { q: 'NEBBY', locale: 'en' })).hits[0]).toMatchObject({
      name: 'Nebula Drift',
      matched: 'Nébby',
    })

    const { version } = await gameForAdmin(db, game.id)
    const saved = await saveGame(db, admin, { ...input, id: game.id, version, aliases: ['nbd'] })
    expect(saved.aliases).toEqual(['nbd'])
    expect(await names(db, 'ndx')).not.toContain('Nebula Drift')
    expect(await names(db, 'nbd')).toContain('Nebula Drift')
  })

  it('refuses an alias repeated in another case, without a letter or digit, or too long', async () => {
    const admin = await makeAdmin(db)
    for (const [aliases, path, code] of [
      [['mlx', 'MLX'], 'aliases.1', 'duplicate'],
      [['--'], 'aliases.0', 'alias'],
      [['x'.repeat(61)], 'aliases.0', 'too_long'],
    ] as const) {
      const error = await refusal(saveGame(db, admin, await gameInput(db, { aliases: [...aliases] })))
      expect(error.code).toBe('INVALID_INPUT')
      expect(error.issues).toContainEqual({ path, message: code })
    }
  })

  it('drops a game from results once its aliases are removed', async () => {
    const [game] = await db.select({ gameId: t.offers.gameId }).from(t.offers).where(eq(t.offers.id, mlbb))
    await db.delete(t.gameAliases).where(inArray(t.gameAliases.gameId, [game!.gameId]))
    expect(await names(db, 'mlbb')).not.toContain('Mobile Legends: Bang Bang')
  })
  describe('GET /api/search', () => {
    const get = async (query: string) => {
      const request = new Request(`http://shop.test/api/search?${query}`)
      const response = await routeHandler(SearchRoute, 'GET')({ request, deps: { db, resolve: testUser } })
      return { response, body: (await response.json()) as Record<string, unknown> }
    }

    it('answers a visitor with the results, cacheable, with the search time', async () => {
      const { response, body } = await get('q=starfal%20legnds&locale=de&limit=3')
      expect(response.status).toBe(200)
      expect(response.headers.get('cache-control')).toMatch(/public.*s-maxage=60/)
      expect(response.headers.get('server-timing')).toMatch(/^search;dur=\d+(\.\d+)?$/)
      expect((body.hits as { name: string }[])[0]!.name).toBe('Starfall Legends')
      expect((body.hits as unknown[]).length).toBeLessThanOrEqual(3)
    })

    it('refuses bad input with 400 and a code, never 500', async () => {
      for (const query of [
        `q=${'x'.repeat(SEARCH_MAX_LENGTH + 1)}`,
        'q=a&limit=0',
        'q=a&limit=49',
        'q=a&locale=xx',
        '',
      ]) {
        const { response, body } = await get(query)
        expect(response.status, query).toBe(400)
        expect((body.error as { code: string }).code, query).toBe('INVALID_INPUT')
      }
      const { response } = await get('q=%25_%00')
      expect(response.status).toBe(200)
    })
  })
})

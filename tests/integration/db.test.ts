/**
 * The data layer against both drivers: the same suite runs on PGlite (temp dir) and, when
 * TEST_DATABASE_URL is set, on a freshly created PostgreSQL database that is dropped afterwards.
 */
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { and, eq, getTableName, is, sql } from 'drizzle-orm'
import { PgTable } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { verifyPassword } from '../../src/modules/accounts/password.server'
import { navigationItemSchema, playerFieldSchema } from '../../src/modules/catalog/catalog.schemas'
import { listNavigation } from '../../src/modules/catalog/catalog.server'
import { gameArticleSummarySchema, linkItemSchema } from '../../src/modules/cms/cms.schemas'
import { latestGameArticles, listLinks } from '../../src/modules/cms/cms.server'
import { isAllowedShortLinkTarget } from '../../src/modules/cms/shortlinks'
import { LOCALES } from '../../src/modules/i18n/locales'
import {
  closeDb,
  dbDriver,
  getDb,
  migrate,
  openDatabase,
  selectRows,
  type Db,
  type DbHandle,
} from '../../src/server/db/client'
import { DEMO_ACCOUNTS } from '../../src/app/seed/demo-accounts'
import * as schema from '../../src/server/db/schema'
import { seedCatalogData, seedDemoAccounts, seedDemoData } from '../../src/app/seed/seed'
import { PAGE_ROUTES } from '../../src/app/seed/data/pages'
import {
  createThrowawayDatabase,
  describeOnEachDriver,
  describeOnPostgres,
  type ThrowawayDatabase,
} from './throwaway-db'
import { invalidate } from '../../src/server/cache'
import { withConfig } from './test-config'

const TABLES = Object.values(schema)
  .filter((v) => is(v, PgTable))
  .map((t) => getTableName(t as PgTable))

async function countRows(db: Db): Promise<Record<string, number>> {
  const out: Record<string, number> = {}
  for (const table of TABLES) {
    const [row] = await selectRows<{ n: number }>(db, sql`select count(*)::int as n from ${sql.identifier(table)}`)
    out[table] = row.n
  }
  return out
}

describeOnEachDriver('data layer', (driver) => {
  let target: ThrowawayDatabase
  let handle: DbHandle
  let db: Db
  const seedResults: { inserted: boolean }[] = []
  const counts: Record<string, number>[] = []

  beforeAll(async () => {
    target = await createThrowawayDatabase(driver, 'db')
    handle = await target.open({ poolSize: 4 })
    db = handle.db
    await migrate(handle)
    for (let i = 0; i < 2; i++) {
      seedResults.push(await seedDemoData(db))
      counts.push(await countRows(db))
    }
  })

  afterAll(async () => {
    await handle?.close()
    await target?.drop()
  })

  it('migrates every schema table, and migrating again is a no-op', async () => {
    expect(handle.driver).toBe(driver)
    const rows = await selectRows<{ table_name: string }>(
      db,
      sql`select table_name from information_schema.tables where table_schema = 'public'`,
    )
    expect(rows.map((r) => r.table_name).sort()).toEqual([...TABLES].sort())
    await migrate(handle)
  })

  it('seeds once: the second run inserts nothing', () => {
    expect(seedResults).toEqual([{ inserted: true }, { inserted: false }])
    expect(counts[1]).toEqual(counts[0])
    // Two seed markers: the sample catalogue and the demo accounts are seeded separately.
    expect(counts[0]).toMatchObject({ meta: 2, users: 3, promoters: 1, coupons: 3 })
  })

  it('has a sellable catalog with hand-set integer prices in four currencies', async () => {
    const games = await db.select().from(schema.games)
    expect(games.length).toBeGreaterThanOrEqual(14)
    expect(new Set(games.map((g) => g.categoryId)).size).toBeGreaterThanOrEqual(4)
    for (const game of games) {
      for (const field of game.playerFields) playerFieldSchema.parse(field)
      const offers = await db.select().from(schema.offers).where(eq(schema.offers.gameId, game.id))
      expect(offers, game.slug).toHaveLength(1)
      expect(offers[0].kind).toBe(game.kind)
      const skus = await db.select().from(schema.skus).where(eq(schema.skus.offerId, offers[0].id))
      expect(skus.length, game.slug).toBeGreaterThanOrEqual(4)
      expect(skus.length, game.slug).toBeLessThanOrEqual(8)
      for (const sku of skus) {
        const prices = await db.select().from(schema.skuPrices).where(eq(schema.skuPrices.skuId, sku.id))
        expect(prices.map((p) => p.currency).sort(), sku.code).toEqual(['BRL', 'EUR', 'RUB', 'USD'])
        for (const p of prices) {
          expect(typeof p.amountMinor).toBe('number')
          expect(Number.isInteger(p.amountMinor) && p.amountMinor > 0, `${sku.code} ${p.currency}`).toBe(true)
        }
      }
    }
    // Top-ups ask for a 6-12 digit player ID; some also for a server picked from a list.
    const topups = games.filter((g) => g.kind === 'topup')
    for (const g of topups) {
      const id = g.playerFields.find((f) => f.key === 'playerId')
      expect(id, g.slug).toBeDefined()
      const re = new RegExp(id!.pattern!)
      expect([re.test('123456'), re.test('123456789012'), re.test('12345'), re.test('12345a')]).toEqual([
        true,
        true,
        false,
        false,
      ])
    }
    expect(topups.some((g) => g.playerFields.some((f) => f.key === 'server' && (f.options?.length ?? 0) > 1))).toBe(
      true,
    )
  })

  it('stocks codes for currency games, with one denomination sold out', async () => {
    const stock = await selectRows<{ kind: string; sku: string; free: number }>(
      db,
      sql`
      select g.kind, s.code as sku, count(c.id)::int as free
      from skus s join offers o on o.id = s.offer_id join games g on g.id = o.game_id
      left join game_codes c on c.sku_id = s.id and c.order_id is null
      group by g.kind, s.code`,
    )
    const currency = stock.filter((r) => r.kind === 'currency')
    expect(currency.length).toBeGreaterThan(0)
    expect(currency.filter((r) => r.free === 0)).toHaveLength(1)
    expect(currency.filter((r) => r.free === 20).length).toBe(currency.length - 1)
    expect(stock.filter((r) => r.kind === 'topup').every((r) => r.free === 0)).toBe(true)
  })

  it('has real translations in all six locales for articles and pages', async () => {
    const articles = await db.select().from(schema.articles)
    expect(articles.filter((a) => a.kind === 'news').length).toBeGreaterThanOrEqual(6)
    expect(articles.filter((a) => a.kind === 'game').length).toBeGreaterThanOrEqual(4)
    const texts = await db.select().from(schema.articleTranslations)
    for (const a of articles) {
      const mine = texts.filter((t) => t.articleId === a.id)
      expect(mine.map((t) => t.locale).sort(), a.path).toEqual([...LOCALES].sort())
      const en = mine.find((t) => t.locale === 'en')!
      for (const t of mine.filter((x) => x.locale !== 'en')) {
        expect(t.title, `${a.path} ${t.locale}`).not.toBe(en.title)
        expect(t.content, `${a.path} ${t.locale}`).not.toBe(en.content)
        expect(t.content).toMatch(/^<p>/)
      }
    }
    const pages = await db.select().from(schema.pages)
    expect(pages.map((p) => p.slug).sort()).toEqual(expect.arrayContaining(Object.values(PAGE_ROUTES)))
    const pageTexts = await db.select().from(schema.pageTranslations)
    for (const p of pages) {
      const mine = pageTexts.filter((t) => t.pageId === p.id)
      expect(mine, p.slug).toHaveLength(LOCALES.length)
      expect(new Set(mine.map((t) => t.body)).size, p.slug).toBe(LOCALES.length)
    }
  })

  it('creates demo accounts whose passwords verify', async () => {
    for (const account of Object.values(DEMO_ACCOUNTS)) {
      const [user] = await db.select().from(schema.users).where(eq(schema.users.email, account.email))
      expect(user, account.email).toBeDefined()
      expect(await verifyPassword(account.password, user.passwordHash!)).toBe(true)
      expect(user.aid).toBeGreaterThan(100000)
    }
    const [promoter] = await db
      .select({ promoter: schema.users.promoter, code: schema.promoters.promoteCode })
      .from(schema.users)
      .innerJoin(schema.promoters, eq(schema.promoters.userId, schema.users.id))
    expect(promoter).toEqual({ promoter: true, code: 'DEMOPRO' })
    const [operator] = await db.select().from(schema.users).where(eq(schema.users.email, DEMO_ACCOUNTS.operator.email))
    expect(operator.role).toBe('admin')
  })

  it('has coupons, safe short links and redirects', async () => {
    const coupons = await db.select().from(schema.coupons)
    expect(coupons.map((c) => c.code).sort()).toEqual(['LIMITED', 'SAVE5', 'WELCOME10'])
    const shortLinks = await db.select().from(schema.shortLinks)
    expect(shortLinks.length).toBeGreaterThanOrEqual(3)
    expect(shortLinks.map((l) => l.alias)).toContain('guides/start')
    for (const l of shortLinks) expect(isAllowedShortLinkTarget(l.target), l.alias).toBe(true)
    const redirects = await db.select().from(schema.redirects)
    expect(redirects).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ fromPath: '/old-news', toPath: '/news', status: 301 }),
        expect.objectContaining({ fromPath: '/promo-2025', toPath: '/coupon', status: 302 }),
      ]),
    )
  })

  it('enforces the cheap invariants in the database', async () => {
    const [limited] = await db.select().from(schema.coupons).where(eq(schema.coupons.code, 'LIMITED'))
    await expect(
      db
        .update(schema.coupons)
        .set({ used: limited.usageLimit! + 1 })
        .where(eq(schema.coupons.id, limited.id)),
    ).rejects.toThrow()
    await expect(db.insert(schema.users).values({ email: 'Upper@Example.com' })).rejects.toThrow()
    const [price] = await db.select().from(schema.skuPrices).limit(1)
    await expect(
      db
        .update(schema.skuPrices)
        .set({ amountMinor: -1 })
        .where(and(eq(schema.skuPrices.skuId, price.skuId), eq(schema.skuPrices.currency, price.currency))),
    ).rejects.toThrow()
  })

  it('lists navigation items in menu order with the SPEC shape', async () => {
    const items = await listNavigation(db)
    z.array(navigationItemSchema.strict()).parse(items)
    expect(items.map((i) => i.id)).not.toContain(5) // reserved for the client's local News entry
    const categories = await db.select().from(schema.categories)
    for (const c of categories) {
      expect(items).toContainEqual(
        expect.objectContaining({ type: 'category', code: c.code, url: `/categories/${c.code}` }),
      )
    }
    const sorts = await db
      .select({ id: schema.navigationItems.id, sort: schema.navigationItems.sort })
      .from(schema.navigationItems)
    const sortOf = new Map(sorts.map((s) => [s.id, s.sort]))
    const order = items.map((i) => sortOf.get(i.id)!)
    expect(order).toEqual([...order].sort((a, b) => a - b))
  })

  it('names category items in the asked language', async () => {
    const [german] = await db
      .select({ code: schema.categories.code, name: schema.categoryTranslations.name })
      .from(schema.categoryTranslations)
      .innerJoin(schema.categories, eq(schema.categories.id, schema.categoryTranslations.categoryId))
      .where(eq(schema.categoryTranslations.locale, 'de'))
      .limit(1)
    const items = await listNavigation(db, 'de')
    expect(items.find((i) => i.code === german!.code)?.name).toBe(german!.name)
    const english = await listNavigation(db, 'en')
    expect(english.find((i) => i.code === german!.code)?.name).not.toBe(german!.name)
  })

  it('lists active links: banners and hot games pointing at real offers', async () => {
    const [hidden] = await db
      .insert(schema.links)
      .values({ scene: 1, title: 'hidden', image: '/x.svg', url: '/x', active: false })
      .returning()
    const [frOnly] = await db
      .insert(schema.links)
      .values({ scene: 1, title: 'fr only', image: '/x.svg', url: '/x', locale: 'fr' })
      .returning()
    try {
      const links = await listLinks(db)
      z.array(linkItemSchema.strict()).parse(links)
      expect(links.map((l) => l.id)).not.toContain(hidden.id)
      expect(links.filter((l) => l.scene === 1).length).toBeGreaterThanOrEqual(3)
      const hot = links.filter((l) => l.scene === 2)
      expect(hot.length).toBeGreaterThanOrEqual(6)
      const offerIds = new Set((await db.select({ id: schema.offers.id }).from(schema.offers)).map((o) => o.id))
      for (const l of hot) expect(offerIds.has(Number(/^\/offer\/(\d+)$/.exec(l.url)?.[1])), l.url).toBe(true)
      expect(links.map((l) => l.scene)).toEqual([...links.map((l) => l.scene)].sort())
      expect((await listLinks(db, 'fr')).map((l) => l.id)).toContain(frOnly.id)
      expect((await listLinks(db, 'de')).map((l) => l.id)).not.toContain(frOnly.id)
    } finally {
      await db.delete(schema.links).where(sql`${schema.links.id} in (${hidden.id}, ${frOnly.id})`)
    }
  })

  it('returns the latest game articles in the asked locale', async () => {
    for (const locale of LOCALES) {
      const items = await latestGameArticles(db, locale)
      z.array(gameArticleSummarySchema.strict()).parse(items)
      expect(items.length).toBe(4) // the four seeded game articles, no news
      expect(items.every((i) => i.locale === locale)).toBe(true)
      const dates = items.map((i) => i.publishedAt)
      expect(dates).toEqual([...dates].sort().reverse())
    }
    const [en, fr] = await Promise.all([latestGameArticles(db, 'en'), latestGameArticles(db, 'fr')])
    expect(fr.map((i) => i.path)).toEqual(en.map((i) => i.path))
    expect(fr[0].title).not.toBe(en[0].title)
    expect(await latestGameArticles(db, 'en', 2)).toHaveLength(2)
  })

  it('falls back to English where a translation is missing, and hides drafts and future posts', async () => {
    const hour = 3_600_000
    const made = await db
      .insert(schema.articles)
      .values([
        { path: 'only-in-english', kind: 'game', publishedAt: new Date(Date.now() - hour) },
        { path: 'a-draft', kind: 'game', publishedAt: null },
        { path: 'scheduled', kind: 'game', publishedAt: new Date(Date.now() + 24 * hour) },
      ])
      .returning({ id: schema.articles.id })
    try {
      await db.insert(schema.articleTranslations).values(
        made.map((a) => ({
          articleId: a.id,
          locale: 'en',
          title: 'English only',
          summary: 'S',
          content: '<p>x</p>',
        })),
      )
      invalidate('content') // content written behind the read cache's back, as an editor would
      const items = await latestGameArticles(db, 'de')
      expect(items[0]).toMatchObject({ path: 'only-in-english', title: 'English only', locale: 'en', cover: null })
      expect(items.slice(1).every((i) => i.locale === 'de')).toBe(true)
      expect(items.map((i) => i.path)).not.toContain('a-draft')
      expect(items.map((i) => i.path)).not.toContain('scheduled')
    } finally {
      await db.delete(schema.articles).where(sql`${schema.articles.id} in ${made.map((a) => a.id)}`)
    }
  })
})

describe('PGlite directory lock', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'db-lock-'))
  const dataDir = path.join(root, 'nested', 'data') // parents do not exist yet
  const lockFile = path.join(dataDir, '.lock')

  afterAll(() => rmSync(root, { recursive: true, force: true }))

  it('creates the directory, holds a pid lock, and refuses a second open until closed', async () => {
    const first = await openDatabase({ dataDir })
    try {
      expect(readFileSync(lockFile, 'utf8').trim()).toBe(String(process.pid))
      await expect(openDatabase({ dataDir })).rejects.toThrow(
        `database directory ${path.resolve(dataDir)} is in use by process ${process.pid}`,
      )
    } finally {
      await first.close()
    }
    expect(existsSync(lockFile)).toBe(false)
    const again = await openDatabase({ dataDir })
    await again.close()
  })

  it('refuses a directory locked by another live process', async () => {
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' })
    try {
      writeFileSync(lockFile, String(other.pid))
      await expect(openDatabase({ dataDir })).rejects.toThrow(`is in use by process ${other.pid}`)
      expect(readFileSync(lockFile, 'utf8')).toBe(String(other.pid)) // someone else's lock is left alone
    } finally {
      other.kill()
    }
  })

  it('replaces a stale lock left by a process that died', async () => {
    const dead = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' })
    await new Promise((resolve) => dead.on('exit', resolve))
    writeFileSync(lockFile, String(dead.pid))
    const handle = await openDatabase({ dataDir })
    try {
      expect(readFileSync(lockFile, 'utf8').trim()).toBe(String(process.pid))
    } finally {
      await handle.close()
    }
  })

  it('getDb() opens one migrated singleton from config, even for concurrent first calls', async () => {
    await withConfig({ DATA_DIR: path.join(root, 'singleton'), DATABASE_URL: undefined }, async () => {
      expect(dbDriver()).toBe('pglite')
      const [a, b] = await Promise.all([getDb(), getDb()])
      expect(a).toBe(b)
      const [games] = await selectRows<{ n: number }>(a, sql`select count(*)::int as n from games`)
      expect(games.n).toBe(0) // migrated, not seeded
      await closeDb()
      expect(existsSync(path.join(root, 'singleton', '.lock'))).toBe(false)
    })
  })
})

describeOnPostgres('PostgreSQL instances starting together', () => {
  let target: ThrowawayDatabase
  let handles: DbHandle[] = []

  beforeAll(async () => {
    target = await createThrowawayDatabase('postgres', 'db')
    handles = await Promise.all([
      target.open({ poolSize: 4 }),
      target.open({ poolSize: 4 }),
      target.open({ poolSize: 4 }),
    ])
  })

  afterAll(async () => {
    await Promise.all(handles.map((h) => h.close()))
    await target?.drop()
  })

  it('migrate concurrently without colliding, applying each migration once', async () => {
    await Promise.all(handles.map((h) => migrate(h)))
    const journal = JSON.parse(readFileSync('drizzle/meta/_journal.json', 'utf8')) as { entries: unknown[] }
    const [applied] = await selectRows<{ n: number }>(
      handles[0].db,
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    )
    expect(applied.n).toBe(journal.entries.length)
  })

  it('seed concurrently with exactly one winner per part (catalogue, accounts)', async () => {
    const catalog = await Promise.all(handles.map((h) => seedCatalogData(h.db)))
    expect(catalog.filter((r) => r.inserted)).toHaveLength(1)
    const accounts = await Promise.all(handles.map((h) => seedDemoAccounts(h.db)))
    expect(accounts.filter((r) => r.inserted)).toHaveLength(1)
    const again = await Promise.all(handles.map((h) => seedDemoData(h.db)))
    expect(again.filter((r) => r.inserted)).toHaveLength(0)
    const [games] = await selectRows<{ n: number }>(handles[0].db, sql`select count(*)::int as n from games`)
    expect(games.n).toBeGreaterThanOrEqual(14)
    const [users] = await selectRows<{ n: number }>(handles[0].db, sql`select count(*)::int as n from users`)
    expect(users.n).toBe(3)
  })
})

/**
 * Demo data for `npm start` and tests. Idempotent: the 'seed_version' row in `meta` marks it done.
 * Content lives in ./seed-data; this file only turns it into rows.
 */
import { createHash } from 'node:crypto'
import { inArray, sql } from 'drizzle-orm'
import { hashPassword } from '~/modules/accounts/password.server'
import { LINK_SCENES } from '~/modules/cms/cms.schemas'
import { isAllowedShortLinkTarget } from '~/modules/cms/shortlinks'
import type { Db } from '~/server/db/client'
import { DEMO_ACCOUNTS } from './demo-accounts'
import * as t from '~/server/db/schema'
import { LOCALES, type Locale } from '~/server/db/schema/columns'
import { LOCALE_TAGS } from '~/modules/i18n/locales'
import { SEED_ARTICLES } from './data/articles'
import {
  PRICE_TIERS,
  SEED_BANNERS,
  SEED_CATEGORIES,
  SEED_CURRENCIES,
  SEED_GAMES,
  type SeedGame,
  type SeedSku,
} from './data/catalog'
import { SEED_PAGES } from './data/pages'

export const SEED_VERSION = 1
const DEFAULT_CODES_PER_SKU = 20

/**
 * Markers in `meta`: the catalogue part and the demo-accounts part are seeded (and remembered)
 * separately, so a shop can take the sample catalogue without the known operator. Databases seeded
 * before the split carry the old 'seed_version' marker, which stands for both.
 */
const LEGACY_MARKER = 'seed_version'
const CATALOG_MARKER = 'seed_catalog'
const ACCOUNTS_MARKER = 'seed_demo_accounts'

/** The whole demo shop: sample catalogue, content and coupons plus the demo accounts. */
export async function seedDemoData(db: Db): Promise<{ inserted: boolean }> {
  const catalog = await seedCatalogData(db)
  const accounts = await seedDemoAccounts(db)
  return { inserted: catalog.inserted || accounts.inserted }
}

/** Sample catalogue, navigation, articles, pages, banners, links, redirects and coupons; no accounts. */
export function seedCatalogData(db: Db): Promise<{ inserted: boolean }> {
  return seedOnce(db, CATALOG_MARKER, async (tx) => {
    const offerIds = await seedCatalog(tx)
    await seedContent(tx, offerIds)
    await seedCoupons(tx)
  })
}

/** The three demo accounts of the README (public passwords!) and the demo promoter's link. */
export async function seedDemoAccounts(db: Db): Promise<{ inserted: boolean }> {
  // Cheap early exit for every start after the first, before spending ~0.2 s on scrypt.
  if (await seeded(db, ACCOUNTS_MARKER)) return { inserted: false }
  const hashes = {
    shopper: await hashPassword(DEMO_ACCOUNTS.shopper.password),
    promoter: await hashPassword(DEMO_ACCOUNTS.promoter.password),
    operator: await hashPassword(DEMO_ACCOUNTS.operator.password),
  }
  return seedOnce(db, ACCOUNTS_MARKER, (tx) => seedAccounts(tx, hashes))
}

async function seeded(db: Db, marker: string): Promise<boolean> {
  const rows = await db
    .select({ key: t.meta.key })
    .from(t.meta)
    .where(inArray(t.meta.key, [marker, LEGACY_MARKER]))
  return rows.length > 0
}

async function seedOnce(db: Db, marker: string, fill: (tx: Db) => Promise<void>): Promise<{ inserted: boolean }> {
  if (await seeded(db, marker)) return { inserted: false }
  return db.transaction(async (tx) => {
    // Claim the marker first. A concurrent seeder (another instance on the same PostgreSQL)
    // blocks on this row until we commit, then inserts nothing and returns false.
    const claimed = await tx
      .insert(t.meta)
      .values({ key: marker, value: SEED_VERSION })
      .onConflictDoNothing()
      .returning({ key: t.meta.key })
    if (claimed.length === 0) return { inserted: false }
    await fill(tx)
    return { inserted: true }
  })
}

/** "1,980 Star Gems" / "1.980 Sternjuwelen": the quantity in the locale's digits, then the unit. */
function skuName(game: SeedGame, sku: SeedSku, locale: Locale): string {
  const n = new Intl.NumberFormat(LOCALE_TAGS[locale]).format(sku.quantity)
  return sku.name ? sku.name[locale].replace('{n}', n) : `${n} ${game.unit[locale]}`
}

/** Inserts categories, navigation, games, offers, SKUs, prices and codes; returns slug → offer id. */
async function seedCatalog(tx: Db): Promise<Map<string, number>> {
  const cats = await tx
    .insert(t.categories)
    .values(SEED_CATEGORIES.map((c, i) => ({ code: c.code, sort: (i + 1) * 10 })))
    .returning({ id: t.categories.id, code: t.categories.code })
  const categoryId = new Map(cats.map((c) => [c.code, c.id]))
  await tx.insert(t.categoryTranslations).values(
    SEED_CATEGORIES.flatMap((c) =>
      LOCALES.map((locale) => ({
        categoryId: categoryId.get(c.code)!,
        locale,
        name: c.name[locale],
        description: c.description[locale],
      })),
    ),
  )

  // SPEC: the client always appends a local "News" item with id 5, so stored ids skip 5.
  const navIds = [1, 2, 3, 4, 6, 7, 8]
  const nav = [
    ...SEED_CATEGORIES.map((c, i) => ({
      name: c.name.en,
      type: 'category' as const,
      url: `/categories/${c.code}`,
      code: c.code,
      sort: (i + 1) * 10,
    })),
    { name: 'Coupons', type: 'url' as const, url: '/coupon', code: 'coupon', sort: 60 },
    { name: 'How to buy', type: 'url' as const, url: '/how-to-buy', code: 'how-to-buy', sort: 70 },
  ]
  await tx.insert(t.navigationItems).values(nav.map((n, i) => ({ ...n, id: navIds[i] })))
  // Explicit ids bypass the serial sequence: move it past them for later inserts.
  await tx.execute(
    sql`select setval(pg_get_serial_sequence('navigation_items', 'id'), (select max(id) from navigation_items))`,
  )

  const games = await tx
    .insert(t.games)
    .values(
      SEED_GAMES.map((g, i) => ({
        slug: g.slug,
        categoryId: categoryId.get(g.category)!,
        kind: g.kind,
        cover: `/images/games/${g.slug}.svg`,
        publisher: g.publisher,
        sort: (i + 1) * 10,
        hot: g.hot,
        playerFields: g.playerFields,
      })),
    )
    .returning({ id: t.games.id, slug: t.games.slug })
  const gameId = new Map(games.map((g) => [g.slug, g.id]))
  await tx.insert(t.gameTranslations).values(
    SEED_GAMES.flatMap((g) =>
      // Game names are brand names and stay the same in every locale.
      LOCALES.map((locale) => ({
        gameId: gameId.get(g.slug)!,
        locale,
        name: g.name,
        description: g.description[locale],
      })),
    ),
  )

  const aliases = SEED_GAMES.flatMap((g) => (g.aliases ?? []).map((alias) => ({ gameId: gameId.get(g.slug)!, alias })))
  if (aliases.length > 0) await tx.insert(t.gameAliases).values(aliases)

  const offers = await tx
    .insert(t.offers)
    .values(SEED_GAMES.map((g) => ({ gameId: gameId.get(g.slug)!, kind: g.kind, regions: g.regions ?? ['global'] })))
    .returning({ id: t.offers.id, gameId: t.offers.gameId })
  const offerId = new Map(SEED_GAMES.map((g) => [g.slug, offers.find((o) => o.gameId === gameId.get(g.slug))!.id]))

  const skuRows = SEED_GAMES.flatMap((g) =>
    g.skus.map((s, i) => ({
      offerId: offerId.get(g.slug)!,
      code: [g.codePrefix, s.region, s.quantity].filter(Boolean).join('-'),
      name: skuName(g, s, 'en'),
      quantity: s.quantity,
      region: s.region ?? null,
      sort: (i + 1) * 10,
      seed: { tier: s.tier, codes: g.kind === 'currency' ? (s.codes ?? DEFAULT_CODES_PER_SKU) : 0 },
    })),
  )
  const skus = await tx
    .insert(t.skus)
    .values(skuRows.map(({ seed: _seed, ...row }) => row))
    .returning({ id: t.skus.id, code: t.skus.code })
  const skuId = new Map(skus.map((s) => [s.code, s.id]))
  await tx.insert(t.skuTranslations).values(
    SEED_GAMES.flatMap((g) =>
      g.skus.flatMap((s) =>
        LOCALES.map((locale) => ({
          skuId: skuId.get([g.codePrefix, s.region, s.quantity].filter(Boolean).join('-'))!,
          locale,
          name: skuName(g, s, locale),
        })),
      ),
    ),
  )

  await tx.insert(t.skuPrices).values(
    skuRows.flatMap((s) =>
      SEED_CURRENCIES.map((currency) => ({
        skuId: skuId.get(s.code)!,
        currency,
        amountMinor: PRICE_TIERS[s.seed.tier][currency],
      })),
    ),
  )
  const codes = skuRows.flatMap((s) =>
    Array.from({ length: s.seed.codes }, (_, i) => ({ skuId: skuId.get(s.code)!, code: demoCode(s.code, i) })),
  )
  if (codes.length > 0) await tx.insert(t.gameCodes).values(codes)
  return offerId
}

/** Deterministic, code-like demo inventory (XXXX-XXXX-XXXX); not secrets, only stock for the demo. */
function demoCode(skuCode: string, index: number): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'
  const bytes = createHash('sha256').update(`${skuCode}:${index}`).digest()
  const chars = Array.from(bytes.subarray(0, 12), (b) => alphabet[b % alphabet.length])
  return [0, 4, 8].map((i) => chars.slice(i, i + 4).join('')).join('-')
}

async function seedContent(tx: Db, offerId: Map<string, number>): Promise<void> {
  const offerUrl = (slug: string) => `/offer/${offerId.get(slug)!}`
  await tx.insert(t.links).values([
    // One row per locale: the banner's title is text a shopper reads.
    ...SEED_BANNERS.flatMap((b) =>
      LOCALES.map((locale) => ({
        scene: LINK_SCENES.banner,
        title: b.title[locale],
        image: `/images/banners/${b.n}.svg`,
        url: 'game' in b ? offerUrl(b.game) : b.url,
        sort: b.n * 10,
        locale,
      })),
    ),
    ...SEED_GAMES.filter((g) => g.hot).map((g, i) => ({
      scene: LINK_SCENES.hotGame,
      title: g.name,
      image: `/images/games/${g.slug}.svg`,
      url: offerUrl(g.slug),
      sort: (i + 1) * 10,
    })),
  ])

  const gameIds = new Map(
    (await tx.select({ id: t.games.id, slug: t.games.slug }).from(t.games)).map((g) => [g.slug, g.id]),
  )
  const articles = await tx
    .insert(t.articles)
    .values(
      SEED_ARTICLES.map((a) => ({
        path: a.path,
        kind: a.kind,
        gameId: a.game ? gameIds.get(a.game)! : null,
        cover: a.cover,
        publishedAt: new Date(a.publishedAt),
      })),
    )
    .returning({ id: t.articles.id, path: t.articles.path })
  const articleId = new Map(articles.map((a) => [a.path, a.id]))
  await tx
    .insert(t.articleTranslations)
    .values(
      SEED_ARTICLES.flatMap((a) =>
        LOCALES.map((locale) => ({ articleId: articleId.get(a.path)!, locale, ...a.t[locale] })),
      ),
    )

  const pages = await tx
    .insert(t.pages)
    .values(SEED_PAGES.map((p) => ({ slug: p.slug })))
    .returning({ id: t.pages.id, slug: t.pages.slug })
  const pageId = new Map(pages.map((p) => [p.slug, p.id]))
  await tx
    .insert(t.pageTranslations)
    .values(
      SEED_PAGES.flatMap((p) => LOCALES.map((locale) => ({ pageId: pageId.get(p.slug)!, locale, ...p.t[locale] }))),
    )

  const shortLinks = [
    { alias: 'promo', target: offerUrl('starfall-legends') },
    { alias: 'guides/start', target: '/how-to-buy' },
    { alias: 'guides/wallet', target: '/payment/payPalGuide' },
    { alias: 'community', target: 'https://community.example.org/join' },
  ]
  for (const l of shortLinks) {
    if (!isAllowedShortLinkTarget(l.target)) throw new Error(`seed short link ${l.alias} has a disallowed target`)
  }
  await tx.insert(t.shortLinks).values(shortLinks)
  await tx.insert(t.redirects).values([
    { fromPath: '/old-news', toPath: '/news', status: 301 },
    { fromPath: '/promo-2025', toPath: '/coupon', status: 302 },
    { fromPath: '/faq', toPath: '/how-to-buy', status: 301 },
  ])
}

async function seedCoupons(tx: Db): Promise<void> {
  await tx.insert(t.coupons).values([
    {
      code: 'WELCOME10',
      kind: 'percent',
      percent: 10,
      minSpend: { USD: 1000, EUR: 1000, BRL: 5000, RUB: 90000 },
      perCustomerLimit: 1,
      listed: true,
    },
    {
      code: 'SAVE5',
      kind: 'fixed',
      amounts: { USD: 500, EUR: 500, BRL: 2500, RUB: 45000 },
      minSpend: { USD: 2000, EUR: 2000, BRL: 10000, RUB: 180000 },
      listed: true,
    },
    { code: 'LIMITED', kind: 'percent', percent: 20, usageLimit: 5, perCustomerLimit: 1 },
  ])
}

async function seedAccounts(tx: Db, hashes: Record<keyof typeof DEMO_ACCOUNTS, string>): Promise<void> {
  const now = new Date()
  const [shopper, promoter, operator] = await tx
    .insert(t.users)
    .values([
      {
        email: DEMO_ACCOUNTS.shopper.email,
        passwordHash: hashes.shopper,
        username: DEMO_ACCOUNTS.shopper.username,
        emailVerifiedAt: now,
        billingAddress: {
          firstName: 'Alex',
          lastName: 'Rivera',
          email: DEMO_ACCOUNTS.shopper.email,
          phone: '+1 555 0100',
          postalCode: '94016',
          address1: '100 Demo Street',
          country: 'US',
          province: 'CA',
          city: 'San Francisco',
        },
      },
      {
        email: DEMO_ACCOUNTS.promoter.email,
        passwordHash: hashes.promoter,
        username: DEMO_ACCOUNTS.promoter.username,
        promoter: true,
        emailVerifiedAt: now,
        discordId: 'demo_promoter',
      },
      {
        email: DEMO_ACCOUNTS.operator.email,
        passwordHash: hashes.operator,
        username: DEMO_ACCOUNTS.operator.username,
        role: 'admin',
        emailVerifiedAt: now,
      },
    ])
    .returning({ id: t.users.id })
  if (!shopper || !promoter || !operator) throw new Error('demo users were not inserted')
  await tx
    .insert(t.promoters)
    .values({ userId: promoter.id, promoteCode: DEMO_ACCOUNTS.promoter.promoteCode, currency: 'USD' })
  // The demo admin's second factor, with the secret printed at start-up and in the README (ADR 111).
  await tx
    .insert(t.staffFactors)
    .values({ userId: operator.id, secret: DEMO_ACCOUNTS.operator.totpSecret, enrolledAt: new Date() })
  await tx
    .insert(t.referralLinks)
    .values({ promoterId: promoter.id, code: 'DEMOPRO-LAUNCH', targetPath: '/', campaign: 'launch' })
}

/**
 * Issue 10, acceptance 3: the storefront's public server functions (catalogue, CMS, shell, the
 * workshop's monitor and outbox) called in-process (server-fns.ts, ADR 065): open to anyone, so
 * no 401 / 403 but the workshop's token check; invalid input is 400 with its issue code; the
 * seeded demo data is the answer.
 */
import { ordersConfigForFile } from './test-config'
import { afterAll, beforeAll, expect, vi } from 'vitest'
import { config } from '../../app.config'
import * as catalogFns from '../../src/modules/catalog/catalog.functions'
import * as categoryFns from '../../src/modules/catalog/category.functions'
import * as offerFns from '../../src/modules/catalog/offer.functions'
import * as cmsFns from '../../src/modules/cms/cms.functions'
import * as contentFns from '../../src/modules/cms/content.functions'
import * as monitorFns from '../../src/modules/ops/monitor.functions'
import * as shellFns from '../../src/modules/shell/shell.functions'
import * as outboxFns from '../../src/modules/workshop/outbox.functions'
import * as searchFns from '../../src/modules/search/search.functions'
import { closeDb, getDb, type Db } from '../../src/server/db/client'
import * as t from '../../src/server/db/schema'
import { seedDemoData } from '../../src/app/seed/seed'
import { pickSku } from './orders-fixtures'
import { callServerFn, doorTable, makeCallers, resultOf, type DoorRow } from './server-fns'
import { eq } from 'drizzle-orm'

// The orders tests' settings (their own data directory for the app's database and mail outbox).
ordersConfigForFile()

vi.mock('@tanstack/react-start', async (original) => (await import('./server-fns')).providerStart(await original()))

// Vite's `define` in vite.config.ts (vitest.config.ts does not load it): the build the shell reports.
vi.stubGlobal('__BUILD_ID__', 'test-build')

let db: Db
beforeAll(async () => {
  db = await getDb()
  await seedDemoData(db)
}, 120_000)
afterAll(async () => {
  await closeDb()
})

const caller = makeCallers(() => db)

async function anOfferId(): Promise<number> {
  const sku = await pickSku(db, 'topup')
  const [row] = await db.select({ offerId: t.skus.offerId }).from(t.skus).where(eq(t.skus.id, sku.skuId))
  return row!.offerId
}

/** Runs `check` with production settings and a workshop token, then puts the settings back. */
async function withWorkshopToken(check: () => Promise<void>): Promise<void> {
  const cfg = config() as { NODE_ENV: string; WORKSHOP_TOKEN?: string }
  const saved = { NODE_ENV: cfg.NODE_ENV, WORKSHOP_TOKEN: cfg.WORKSHOP_TOKEN }
  Object.assign(cfg, { NODE_ENV: 'production', WORKSHOP_TOKEN: 'workshop-secret-token' })
  try {
    await check()
  } finally {
    Object.assign(cfg, saved)
  }
}

const rows: Record<string, DoorRow> = {
  getNavigation: {
    gate: 'anyone',
    input: () => ({ locale: 'fr' }),
    invalid: { data: { locale: 'xx' }, issue: 'invalid_value' },
    ok: (a) => expect(resultOf<unknown[]>(a).length).toBeGreaterThan(0),
  },
  getCategory: {
    gate: 'anyone',
    input: async () => ({ code: (await db.select().from(t.categories))[0]!.code, locale: 'en' }),
    invalid: { data: { code: '../etc', locale: 'en' }, issue: 'invalid_format' },
    ok: (a) => expect(resultOf(a)).toEqual(expect.any(Object)),
  },
  getOfferDetail: {
    gate: 'anyone',
    input: async () => ({ id: await anOfferId(), locale: 'de' }),
    invalid: { data: { id: 'x', locale: 'de' }, issue: 'invalid_type' },
    ok: (a) => expect(resultOf(a)).toMatchObject({ id: expect.any(Number), game: expect.any(Object) }),
  },
  getSkus: {
    gate: 'anyone',
    input: async () => ({ offerId: await anOfferId(), currency: 'USD' }),
    invalid: { data: { offerId: 1, currency: 'USD', region: 'a b' }, issue: 'invalid_format' },
    ok: (a) => expect(JSON.stringify(resultOf(a))).toContain('USD'),
  },
  getLinks: {
    gate: 'anyone',
    input: () => ({ locale: 'en' }),
    invalid: { data: { locale: 'EN' }, issue: 'invalid_value' },
    ok: (a) => expect(resultOf(a)).toEqual(expect.anything()),
  },
  getLatestGameArticles: {
    gate: 'anyone',
    input: () => ({ locale: 'es', limit: 2 }),
    invalid: { data: { locale: 'es', limit: 25 }, issue: 'too_big' },
    ok: (a) => expect(resultOf<unknown[]>(a).length).toBe(2),
  },
  getNews: {
    gate: 'anyone',
    input: () => ({ locale: 'pt', page: 1 }),
    invalid: { data: { locale: 'pt', page: 0 }, issue: 'too_small' },
    ok: (a) => expect(resultOf<{ total: number }>(a).total).toBeGreaterThan(0),
  },
  getArticleBySlug: {
    gate: 'anyone',
    input: async () => {
      const [article] = await db.select({ path: t.articles.path }).from(t.articles).limit(1)
      return { slug: article!.path, locale: 'ru' }
    },
    invalid: { data: { slug: 'Not/A/Slug', locale: 'ru' }, issue: 'invalid_format' },
    ok: (a) => expect(resultOf(a)).toEqual(expect.any(Object)),
  },
  getPageBySlug: {
    gate: 'anyone',
    input: async () => {
      const [page] = await db.select({ slug: t.pages.slug }).from(t.pages).limit(1)
      return { slug: page!.slug, locale: 'en' }
    },
    invalid: { data: { slug: 'x'.repeat(121), locale: 'en' }, issue: 'too_big' },
    ok: (a) => expect(resultOf(a)).toEqual(expect.any(Object)),
  },
  getShortLinkTarget: {
    gate: 'anyone',
    input: async () => {
      const [link] = await db.select({ alias: t.shortLinks.alias }).from(t.shortLinks).limit(1)
      return { alias: link!.alias }
    },
    invalid: { data: { alias: 7 }, issue: 'invalid_type' },
    ok: (a) => expect(resultOf(a)).toEqual(expect.any(String)),
  },
  getRedirects: {
    gate: 'anyone',
    ok: (a) => expect(resultOf(a)).toEqual(expect.anything()),
  },
  getRequestLocale: {
    gate: 'anyone',
    input: () => ({ pathname: '/fr/offer/1' }),
    invalid: { data: { pathname: 'x'.repeat(4097) }, issue: 'too_big' },
    ok: (a) => expect(resultOf(a)).toBe('fr'),
  },
  getShellInfo: {
    gate: 'anyone',
    ok: (a) =>
      expect(resultOf(a)).toMatchObject({
        origin: expect.stringMatching(/^http:\/\//),
        cookieNoticeDismissed: false,
        publicConfig: { buildId: 'test-build' },
      }),
  },
  getMonitorAccess: {
    gate: 'anyone',
    ok: async (a) => {
      expect(resultOf(a)).toBe(true) // outside production without a token: the developer's machine
      await withWorkshopToken(async () => expect(resultOf(await callServerFn(monitorFns.getMonitorAccess))).toBe(false))
    },
  },
  getMonitorSnapshot: {
    gate: 'anyone',
    ok: async (a) => {
      expect(resultOf(a)).toEqual(expect.any(Object))
      await withWorkshopToken(async () => {
        const refused = await callServerFn(monitorFns.getMonitorSnapshot)
        expect(refused.status).toBe(403)
        expect(refused.code).toBe('FORBIDDEN')
      })
    },
  },
  searchGamesFn: {
    gate: 'anyone',
    input: () => ({ q: 'genshin', locale: 'de', limit: 5 }),
    invalid: { data: { q: 'x'.repeat(101) }, issue: 'too_big' },
    ok: (a) => expect(resultOf(a)).toEqual(expect.any(Object)),
  },
  listOutboxFn: {
    gate: 'anyone',
    input: () => ({}),
    invalid: { data: { token: 'x'.repeat(201) }, issue: 'too_big' },
    ok: async (a) => {
      expect(resultOf(a)).toMatchObject({ allowed: true, messages: expect.any(Array) })
      await withWorkshopToken(async () => {
        expect(resultOf(await callServerFn(outboxFns.listOutboxFn, {}))).toEqual({ allowed: false, messages: [] })
        const granted = await callServerFn(outboxFns.listOutboxFn, { token: 'workshop-secret-token' })
        expect(resultOf(granted)).toMatchObject({ allowed: true })
      })
    },
  },
}

doorTable(
  {
    'catalog/catalog.functions.ts': catalogFns,
    'catalog/category.functions.ts': categoryFns,
    'catalog/offer.functions.ts': offerFns,
    'cms/cms.functions.ts': cmsFns,
    'cms/content.functions.ts': contentFns,
    'shell/shell.functions.ts': shellFns,
    'ops/monitor.functions.ts': monitorFns,
    'workshop/outbox.functions.ts': outboxFns,
    'search/search.functions.ts': searchFns,
  },
  rows,
  { caller },
)

/**
 * Issue 10, acceptance 3: every back-office server function called in-process (server-fns.ts,
 * ADR 065) — a visitor 401, a shopper 403 (support 403 `admin_only` where admins only), invalid
 * input 400 with its issue code, and a permitted caller's answer. Each test makes its own users
 * and records; the file runs on the app's database (a throwaway PGlite in the file's own DATA_DIR, test-config.ts).
 */
import { ordersConfigForFile } from './test-config'
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, expect, vi } from 'vitest'
import * as adminFns from '../../src/modules/admin/admin.functions'
import * as catalogFns from '../../src/modules/catalog/catalog-edit.functions'
import * as navigationFns from '../../src/modules/catalog/navigation-edit.functions'
import { saveGame } from '../../src/modules/catalog/game-edit.server'
import { saveOffer } from '../../src/modules/catalog/offer-edit.server'
import * as contentFns from '../../src/modules/cms/content-edit.functions'
import { saveArticle } from '../../src/modules/cms/article-edit.server'
import { saveLinkAsAdmin } from '../../src/modules/cms/home-links-edit.server'
import { savePage } from '../../src/modules/cms/page-edit.server'
import { saveRedirectAsAdmin, saveShortLinkAsAdmin } from '../../src/modules/cms/routing-edit.server'
import { saveCoupon } from '../../src/modules/coupons/coupon-edit.server'
import * as promoterFns from '../../src/modules/affiliate/promoter-admin.functions'
import * as staffFns from '../../src/modules/accounts/staff.functions'
import * as couponFns from '../../src/modules/coupons/coupon-edit.functions'
import * as staffViewerFns from '../../src/modules/admin/staff-viewer.functions'
import type { Caller } from '../../src/modules/auth/caller.server'
import { createOrder } from '../../src/modules/orders/create-order.server'
import { createSupportRequest } from '../../src/modules/orders/support.server'
import * as creditAdminFns from '../../src/modules/store-credit/credit-admin.functions'
import * as staffFactorFns from '../../src/modules/auth/staff-factor.functions'
import * as staffSessionFns from '../../src/modules/auth/staff-sessions.functions'
import { SESSION_COOKIE, hashSessionId } from '../../src/modules/auth/session-cookie.server'
import * as reconcileFns from '../../src/modules/payments/reconcile.functions'
import { LOCALES } from '../../src/modules/i18n/locales'
import { closeDb, getDb, type Db } from '../../src/server/db/client'
import { users } from '../../src/server/db/schema'
import { seedDemoData } from '../../src/app/seed/seed'
import { couponInput, gameInput, makeAdmin, skuInput, unique } from './catalog-fixtures'
import { orderInput, pickSku } from './orders-fixtures'
import { callServerFn, doorTable, makeCallers, okData, refusalOf, resultOf, type DoorRow, type Who } from './server-fns'

// The orders tests' settings (their own data directory for the app's database and mail outbox).
ordersConfigForFile()

vi.mock('@tanstack/react-start', async (original) => (await import('./server-fns')).providerStart(await original()))

let db: Db
beforeAll(async () => {
  db = await getDb()
  await seedDemoData(db)
}, 120_000)
afterAll(async () => {
  await closeDb()
})

const UUID = '00000000-0000-4000-8000-000000000000'
const NO_ID = 2_000_000_000
const caller = makeCallers(() => db)

/** The caller as the use cases take an actor. */
const actor = async (who: Who): Promise<Caller> => ({ ...(await makeAdmin(db)), id: who.id })

/** A fresh unpaid top-up order of a new shopper. */
async function anOrder(): Promise<string> {
  const shopper = await caller('customer')
  return (await createOrder(db, shopper.id, orderInput(await pickSku(db, 'topup')))).order.id
}

const newGame = async () => saveGame(db, await makeAdmin(db), await gameInput(db))

const email = () => `staff-${randomBytes(5).toString('hex')}@example.com`

const rows: Record<string, DoorRow> = {
  // admin.functions.ts
  adminDashboardFn: {
    gate: 'staff',
    ok: (a) => expect(resultOf(a)).toMatchObject({ paidToday: expect.any(Array), ordersByStatus: expect.any(Array) }),
  },
  adminOrdersFn: {
    gate: 'staff',
    input: () => ({ q: 'GT-NONE' }),
    invalid: { data: { status: 'lost', page: 0 }, issue: 'invalid_value' },
    ok: (a) => expect(resultOf(a)).toMatchObject({ rows: [], total: 0, page: 1 }),
  },
  adminOrderFn: {
    gate: 'staff',
    input: async () => ({ id: await anOrder() }),
    invalid: { data: { id: 'not-an-id' }, issue: 'invalid_format' },
    ok: (a) => expect(resultOf(a)).toMatchObject({ id: expect.any(String), status: 'created' }),
  },
  adminRefundFn: {
    gate: 'staff',
    input: async () => ({ id: await anOrder(), destination: 'credit' }),
    invalid: { data: { id: UUID, destination: 'piggy-bank' }, issue: 'invalid_value' },
    // Nothing was paid: the use case refuses, as a value the screen shows.
    ok: (a) => refusalOf(a, 'CONFLICT'),
  },
  adminRefundApprovalsFn: {
    gate: 'staff',
    input: async () => ({ id: await anOrder() }),
    invalid: { data: { id: 'not-an-id' }, issue: 'invalid_format' },
    ok: (a) => expect(resultOf(a)).toEqual([]),
  },
  adminDecideRefundApprovalFn: {
    gate: 'staff',
    input: () => ({ id: UUID, decision: 'approve' }),
    invalid: { data: { id: UUID, decision: 'maybe' }, issue: 'invalid_value' },
    ok: (a) => refusalOf(a, 'NOT_FOUND'),
  },
  adminCancelOrderFn: {
    gate: 'staff',
    input: async () => ({ id: await anOrder() }),
    invalid: { data: {}, issue: 'invalid_type' },
    ok: (a) => okData(a),
  },
  adminResendDeliveryFn: {
    gate: 'staff',
    input: async () => ({ id: await anOrder() }),
    invalid: { data: { id: '' }, issue: 'invalid_format' },
    // Not delivered: nothing to send again.
    ok: (a) => refusalOf(a, 'CONFLICT'),
  },
  adminSupportInboxFn: {
    gate: 'staff',
    input: () => ({ answered: false }),
    invalid: { data: { page: -1 }, issue: 'too_small' },
    ok: (a) => expect(resultOf(a)).toMatchObject({ rows: expect.any(Array) }),
  },
  adminSupportReplyFn: {
    gate: 'staff',
    input: async () => {
      const shopper = await caller('customer')
      const request = await createSupportRequest(db, shopper.id, { topic: 'other', message: 'Where is my top-up?' })
      return { requestId: request.id, message: 'It is on its way.' }
    },
    invalid: { data: { requestId: 'x', message: '' }, issue: 'invalid_type' },
    ok: (a) => okData(a),
  },
  adminAuditFn: {
    gate: 'admin',
    input: () => ({}),
    invalid: { data: { from: 'yesterday' }, issue: 'invalid_format' },
    ok: (a) => expect(resultOf(a)).toMatchObject({ rows: expect.any(Array), page: 1 }),
  },
  adminWithdrawalsFn: {
    gate: 'admin',
    ok: (a, who) => expect(resultOf(a)).toMatchObject({ rows: expect.any(Array), viewerId: who.id }),
  },
  adminWithdrawalActionFn: {
    gate: 'admin',
    input: () => ({ id: UUID, decision: { action: 'approve' } }),
    invalid: { data: { id: 'x', decision: { action: 'explode' } }, issue: 'invalid_format' },
    ok: (a) => refusalOf(a, 'NOT_FOUND'),
  },
  adminStaffFn: {
    gate: 'admin',
    ok: (a, who) => {
      const list = resultOf<{ members: { id: string; role: string }[]; viewerId: string }>(a)
      expect(list.viewerId).toBe(who.id)
      expect(list.members).toContainEqual(expect.objectContaining({ id: who.id, role: 'admin' }))
    },
  },
  adminSetRoleFn: {
    gate: 'admin',
    input: async () => {
      const address = email()
      await db.insert(users).values({ email: address })
      return { email: address, role: 'support' }
    },
    invalid: { data: { email: 'not-an-email', role: 'king' }, issue: 'invalid_format' },
    ok: (a) => expect(okData(a)).toMatchObject({ role: 'support' }),
  },

  // catalog.functions.ts
  adminGamesFn: {
    gate: 'admin',
    input: () => ({ q: 'none-such-game' }),
    invalid: { data: { page: 0 }, issue: 'too_small' },
    ok: (a) => expect(resultOf(a)).toMatchObject({ rows: [], total: 0 }),
  },
  adminCatalogOptionsFn: {
    gate: 'admin',
    ok: (a) => expect(resultOf<{ categories: unknown[] }>(a).categories.length).toBeGreaterThan(0),
  },
  adminGameFn: {
    gate: 'admin',
    input: async () => ({ id: (await newGame()).id }),
    invalid: { data: { id: 'x' }, issue: 'invalid_type' },
    ok: (a) => expect(resultOf(a)).toMatchObject({ id: expect.any(Number), slug: expect.stringMatching(/^comet-/) }),
  },
  adminSaveGameFn: {
    gate: 'admin',
    input: () => gameInput(db),
    invalid: { data: { slug: 'Not A Slug', kind: 'boardgame' }, issue: 'invalid_value' },
    ok: (a) => expect(okData(a)).toMatchObject({ id: expect.any(Number), kind: 'topup' }),
  },
  adminSaveOfferFn: {
    gate: 'admin',
    input: async () => ({ gameId: (await newGame()).id, regions: ['global'], active: true }),
    invalid: { data: { gameId: 'x', regions: [] }, issue: 'invalid_type' },
    ok: (a) => expect(okData<unknown[]>(a)).toHaveLength(1),
  },
  adminSaveSkuFn: {
    gate: 'admin',
    input: async () => {
      const game = await newGame()
      const [offer] = await saveOffer(db, await makeAdmin(db), { gameId: game.id, regions: ['global'], active: true })
      return skuInput(offer!.id)
    },
    invalid: { data: { offerId: 1, quantity: 0, prices: [{ currency: 'XXX' }] }, issue: 'too_small' },
    ok: (a) => expect(okData<{ skus: unknown[] }[]>(a)[0]!.skus).toHaveLength(1),
  },
  adminCouponsFn: {
    gate: 'admin',
    input: () => ({}),
    invalid: { data: { page: -1 }, issue: 'too_small' },
    ok: (a) => expect(resultOf(a)).toMatchObject({ rows: expect.any(Array), page: 1 }),
  },
  adminCouponFn: {
    gate: 'admin',
    input: async () => ({ id: (await saveCoupon(db, await makeAdmin(db), couponInput(`FN-${unique()}`))).id }),
    invalid: { data: { id: 'x' }, issue: 'invalid_type' },
    ok: (a) => expect(resultOf(a)).toMatchObject({ code: expect.stringMatching(/^FN-/), kind: 'percent' }),
  },
  adminSaveCouponFn: {
    gate: 'admin',
    input: () => couponInput(`FN-${unique().toUpperCase()}`),
    invalid: { data: { code: 'x', kind: 'percent', percent: 500 }, issue: 'too_big' },
    ok: (a) => expect(okData(a)).toMatchObject({ code: expect.stringMatching(/^FN-/), percent: 20 }),
  },
  adminSetCouponActiveFn: {
    gate: 'admin',
    input: async () => {
      const coupon = await saveCoupon(db, await makeAdmin(db), couponInput(`FN-${unique()}`))
      return { id: coupon.id, version: coupon.version, active: false }
    },
    invalid: { data: { id: 1, version: 'stale', active: 'no' }, issue: 'invalid_type' },
    ok: (a) => expect(okData(a)).toMatchObject({ active: false }),
  },
  adminImportCodesFn: {
    gate: 'admin',
    input: async () => ({
      skuId: (await pickSku(db, 'currency')).skuId,
      csv: `FN-${unique()}\nFN-${unique()}`,
      dryRun: true,
    }),
    invalid: { data: { skuId: 'x', csv: 42, dryRun: 'yes' }, issue: 'invalid_type' },
    ok: (a) => expect(okData(a)).toMatchObject({ dryRun: true, newCodes: 2 }),
  },

  // content.functions.ts
  adminContentOptionsFn: {
    gate: 'admin',
    ok: (a) => expect(resultOf<{ games: unknown[] }>(a).games.length).toBeGreaterThan(0),
  },
  adminArticlesFn: {
    gate: 'admin',
    input: () => ({ state: 'published' }),
    invalid: { data: { kind: 'poem', page: 0 }, issue: 'invalid_value' },
    ok: (a) => expect(resultOf<{ total: number }>(a).total).toBeGreaterThan(0),
  },
  adminArticleFn: {
    gate: 'admin',
    input: async (who) => ({ id: (await saveArticle(db, await actor(who), articleDraft())).id }),
    invalid: { data: { id: 'x' }, issue: 'invalid_type' },
    ok: (a) => expect(resultOf(a)).toMatchObject({ kind: 'news', publishedAt: null }),
  },
  adminSaveArticleFn: {
    gate: 'admin',
    input: () => articleDraft(),
    invalid: { data: { path: 42, kind: 'poem', translations: 'none' }, issue: 'invalid_type' },
    ok: (a) => expect(okData(a)).toMatchObject({ id: expect.any(Number), publishedAt: null }),
  },
  adminPublishArticleFn: {
    gate: 'admin',
    input: async (who) => {
      const article = await saveArticle(db, await actor(who), articleDraft())
      return { id: article.id, version: article.version, published: true }
    },
    invalid: { data: { id: 1, version: 'stale', published: 'yes' }, issue: 'invalid_format' },
    ok: (a) => expect(okData(a)).toMatchObject({ publishedAt: expect.any(String) }),
  },
  adminPreviewArticleFn: {
    gate: 'admin',
    input: () => ({
      path: 'x',
      kind: 'news',
      cover: '',
      locale: 'en',
      title: 'T',
      summary: '',
      content: '<p>x</p><script>1</script>',
    }),
    invalid: { data: { locale: 'xx', content: 1 }, issue: 'invalid_value' },
    ok: (a) => expect(JSON.stringify(resultOf(a))).not.toContain('<script>'),
  },
  adminPagesFn: {
    gate: 'admin',
    ok: (a) => expect(resultOf<unknown[]>(a).length).toBeGreaterThan(0),
  },
  adminPageFn: {
    gate: 'admin',
    input: async (who) => ({ id: (await savePage(db, await actor(who), pageDraft())).id }),
    invalid: { data: { id: -1 }, issue: 'too_small' },
    ok: (a) => expect(resultOf(a)).toMatchObject({ slug: expect.stringMatching(/^fn-page-/) }),
  },
  adminSavePageFn: {
    gate: 'admin',
    input: () => pageDraft(),
    invalid: { data: { slug: null, translations: [{ locale: 'xx' }] }, issue: 'invalid_type' },
    ok: (a) => expect(okData(a)).toMatchObject({ slug: expect.stringMatching(/^fn-page-/) }),
  },
  adminPreviewPageFn: {
    gate: 'admin',
    input: () => ({ slug: 'x', locale: 'de', title: 'T', body: '<p>Hallo</p>', metaDescription: '' }),
    invalid: { data: { slug: 'x', locale: 'de', body: [] }, issue: 'invalid_type' },
    ok: (a) => expect(JSON.stringify(resultOf(a))).toContain('Hallo'),
  },
  adminShortLinksFn: {
    gate: 'admin',
    ok: (a) => expect(resultOf(a)).toEqual(expect.any(Array)),
  },
  adminSaveShortLinkFn: {
    gate: 'admin',
    input: () => ({ alias: `fn-${unique()}`, target: '/en/news' }),
    invalid: { data: { alias: 1, target: null }, issue: 'invalid_type' },
    ok: (a) => expect(okData(a)).toMatchObject({ target: '/en/news' }),
  },
  adminDeleteShortLinkFn: {
    gate: 'admin',
    input: async (who) => {
      const link = await saveShortLinkAsAdmin(db, await actor(who), { alias: `fn-${unique()}`, target: '/en/news' })
      return { id: link.id, version: link.version }
    },
    invalid: { data: { id: 'x', version: 'v' }, issue: 'invalid_type' },
    ok: (a) => okData(a),
  },
  adminRedirectsFn: {
    gate: 'admin',
    ok: (a) => expect(resultOf(a)).toEqual(expect.any(Array)),
  },
  adminSaveRedirectFn: {
    gate: 'admin',
    input: () => ({ fromPath: `/fn-${unique()}`, toPath: '/en/news', status: 301 }),
    invalid: { data: { fromPath: '/a', toPath: '/b', status: 307 }, issue: 'invalid_union' },
    ok: (a) => expect(okData(a)).toMatchObject({ toPath: '/en/news', status: 301 }),
  },
  adminDeleteRedirectFn: {
    gate: 'admin',
    input: async (who) => {
      const row = await saveRedirectAsAdmin(db, await actor(who), {
        fromPath: `/fn-${unique()}`,
        toPath: '/en/news',
        status: 302,
      })
      return { id: row.id, version: row.version }
    },
    invalid: { data: { id: 0, version: '' }, issue: 'too_small' },
    ok: (a) => okData(a),
  },
  adminLinksFn: {
    gate: 'admin',
    ok: (a) => expect(resultOf<unknown[]>(a).length).toBeGreaterThan(0),
  },
  adminSaveLinkFn: {
    gate: 'admin',
    input: () => linkDraft(),
    invalid: { data: { scene: 3, title: 1, active: 'yes' }, issue: 'invalid_value' },
    ok: (a) => expect(okData(a)).toMatchObject({ scene: 1, url: '/en/news' }),
  },
  adminDeleteLinkFn: {
    gate: 'admin',
    input: async (who) => {
      const link = await saveLinkAsAdmin(db, await actor(who), linkDraft())
      return { id: link.id, version: link.version }
    },
    invalid: { data: { id: 1.5, version: 'v' }, issue: 'invalid_type' },
    ok: (a) => okData(a),
  },
  adminReorderLinksFn: {
    gate: 'admin',
    // Not the scene's ids: refused as a stale list, nothing is written.
    input: () => ({ scene: 2, ids: [NO_ID] }),
    invalid: { data: { scene: 0, ids: 'all' }, issue: 'invalid_union' },
    ok: (a) => refusalOf(a, 'CONFLICT'),
  },
  adminNavigationFn: {
    gate: 'admin',
    ok: (a) => expect(resultOf<unknown[]>(a).length).toBeGreaterThan(0),
  },
  adminSaveNavigationFn: {
    gate: 'admin',
    input: () => ({ name: `Fn ${unique()}`, type: 'url', url: '/en/news', code: `fn-${unique()}`, visible: true }),
    invalid: { data: { name: 'x', type: 'menu', url: '/', code: 'x', visible: 1 }, issue: 'invalid_value' },
    ok: (a) => expect(okData(a)).toMatchObject({ url: '/en/news', visible: true }),
  },
  adminReorderNavigationFn: {
    gate: 'admin',
    input: () => ({ ids: [NO_ID] }),
    invalid: { data: { ids: [-1] }, issue: 'too_small' },
    ok: (a) => refusalOf(a, 'CONFLICT'),
  },

  // promoters.functions.ts
  adminPromotersFn: {
    gate: 'admin',
    input: () => ({}),
    invalid: { data: { status: 'lost', page: 0 }, issue: 'invalid_value' },
    ok: (a) => expect(resultOf(a)).toMatchObject({ rows: expect.any(Array) }),
  },
  adminPromoterActionFn: {
    gate: 'admin',
    input: async () => ({ userId: (await caller('promoter')).id, decision: { action: 'rate', rateBps: 750 } }),
    invalid: { data: { userId: 'x', decision: { action: 'rate', rateBps: 10_001 } }, issue: 'invalid_format' },
    ok: (a) => okData(a),
  },
  adminFlagsFn: {
    gate: 'admin',
    input: () => ({ page: 1 }),
    invalid: { data: { page: 0 }, issue: 'too_small' },
    ok: (a) => expect(resultOf(a)).toMatchObject({ rows: expect.any(Array) }),
  },
  adminFlagReviewFn: {
    gate: 'admin',
    input: () => ({ id: NO_ID, decision: 'confirm' }),
    invalid: { data: { id: 'x', decision: 'explode' }, issue: 'invalid_type' },
    ok: (a) => refusalOf(a, 'NOT_FOUND'),
  },
  adminReconcileFn: {
    gate: 'admin',
    ok: (a) => expect(resultOf(a)).toMatchObject({ ok: expect.any(Boolean), problems: expect.any(Array) }),
  },

  // payments/reconcile.functions.ts: the sandbox alone keeps no records, so there is nothing to compare.
  paymentReconciliationFn: {
    gate: 'staff',
    ok: (a) => expect(resultOf(a)).toEqual([]),
  },
  reconcilePaymentsFn: {
    gate: 'admin',
    input: () => ({ day: '2026-01-01' }),
    invalid: { data: { day: 'yesterday' }, issue: 'invalid_format' },
    ok: (a) => expect(okData(a)).toEqual([]),
  },

  // staff-viewer.functions.ts: a visitor and a shopper are answered null (the layout's 404).
  staffViewerFn: {
    gate: 'anyone',
    ok: async (a) => {
      expect(resultOf(a)).toBeNull()
      const support = await caller('support')
      const answer = await callServerFn(staffViewerFns.staffViewerFn, undefined, { cookie: support.cookie })
      expect(resultOf(answer)).toMatchObject({ role: 'support' })
    },
  },

  // staff-sessions.functions.ts
  adminStaffSessionsFn: {
    gate: 'admin',
    ok: (a, who) => {
      const handle = hashSessionId(who.cookie.slice(SESSION_COOKIE.length + 1)).slice(0, 16)
      expect(resultOf(a)).toContainEqual(expect.objectContaining({ id: handle, role: 'admin', current: true }))
    },
  },
  adminRevokeStaffSessionFn: {
    gate: 'admin',
    input: async () => ({
      id: hashSessionId((await caller('support')).cookie.slice(SESSION_COOKIE.length + 1)).slice(0, 16),
    }),
    invalid: { data: { id: 'not a handle' }, issue: 'invalid_format' },
    ok: (a) => expect(okData(a)).toMatchObject({ id: expect.any(String) }),
  },

  // staff-factor.functions.ts (the door lets staff in by role alone; the table's staff are verified)
  staffFactorStatusFn: {
    gate: 'staff',
    ok: (a) => expect(resultOf(a)).toMatchObject({ enrolled: false, recoveryCodesLeft: 0 }),
  },
  startStaffEnrolmentFn: {
    gate: 'staff',
    ok: (a) => expect(okData(a)).toMatchObject({ uri: expect.stringMatching(/^otpauth:/), secret: expect.any(String) }),
  },
  confirmStaffEnrolmentFn: {
    gate: 'staff',
    input: () => ({ code: '000000' }),
    invalid: { data: { code: '' }, issue: 'too_small' },
    ok: (a) => refusalOf(a, 'CONFLICT'),
  },
  verifyStaffCodeFn: {
    gate: 'staff',
    input: () => ({ code: '000000' }),
    invalid: { data: {}, issue: 'invalid_type' },
    ok: (a) => refusalOf(a, 'FORBIDDEN'),
  },

  // credit-admin.functions.ts
  adminShopperCreditFn: {
    gate: 'staff',
    input: async () => ({ orderId: await anOrder() }),
    invalid: { data: { orderId: 'x' }, issue: 'invalid_format' },
    ok: (a) => expect(okData(a)).toMatchObject({ userId: expect.any(String), balances: [] }),
  },
  adminGrantCreditFn: {
    gate: 'admin',
    input: async () => ({
      userId: (await caller('customer')).id,
      amountMinor: 500,
      currency: 'USD',
      reason: 'Goodwill',
    }),
    invalid: { data: { userId: UUID, amountMinor: -5, currency: 'XXX', reason: '' }, issue: 'too_small' },
    ok: (a) => okData(a),
  },
}

function articleDraft() {
  return {
    path: `fn-article-${unique()}`,
    kind: 'news' as const,
    gameId: null,
    cover: '',
    translations: LOCALES.map((locale) => ({
      locale,
      title: `Title ${locale}`,
      summary: `Summary ${locale}`,
      content: `<p>Text ${locale}</p>`,
    })),
  }
}

function pageDraft() {
  return {
    slug: `fn-page-${unique()}`,
    translations: LOCALES.map((locale) => ({
      locale,
      title: `Page ${locale}`,
      body: `<p>Body ${locale}</p>`,
      metaDescription: '',
    })),
  }
}

function linkDraft() {
  return {
    scene: 1 as const,
    title: `Fn ${unique()}`,
    image: '/images/games/void-hunters.svg',
    url: '/en/news',
    locale: null,
    active: true,
  }
}

doorTable(
  {
    'admin/admin.functions.ts': adminFns,
    'admin/staff-viewer.functions.ts': staffViewerFns,
    'catalog/catalog-edit.functions.ts': catalogFns,
    'catalog/navigation-edit.functions.ts': navigationFns,
    'coupons/coupon-edit.functions.ts': couponFns,
    'cms/content-edit.functions.ts': contentFns,
    'affiliate/promoter-admin.functions.ts': promoterFns,
    'accounts/staff.functions.ts': staffFns,
    'store-credit/credit-admin.functions.ts': creditAdminFns,
    'payments/reconcile.functions.ts': reconcileFns,
    'auth/staff-factor.functions.ts': staffFactorFns,
    'auth/staff-sessions.functions.ts': staffSessionFns,
  },
  rows,
  { caller },
)

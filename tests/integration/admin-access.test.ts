/**
 * Issue 15, acceptance 4: every back-office server function, called over HTTP as Start's client
 * calls it, against the built server. Visitors get 401, shoppers and promoters 403, support 403
 * where a function is for admins; a staff call with invalid input gets 400 with a code; staff get
 * their answer.
 */
import { toJSONAsync } from 'seroval'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOCALES } from '../../src/modules/i18n/locales'
import type { TestUser, TestUserInput } from '../../src/modules/workshop/test-users.schemas'
import { Browser, proveStaffFactor, signInViaStorefront, startServer, type RunningServer } from './auth-helpers'
import { serverFnId } from './built-server-fns'

const UUID = '00000000-0000-4000-8000-000000000000'
const NO_ID = 2_000_000_000
const NO_VERSION = '0000000000000000'

type Who = 'visitor' | 'shopper' | 'promoter' | 'support' | 'admin'

/** Each admin server function: its method, a valid input, an invalid one, and who may call it. */
const FUNCTIONS: Array<{ name: string; method: 'GET' | 'POST'; valid: unknown; invalid?: unknown; admin?: true }> = [
  { name: 'adminDashboardFn', method: 'GET', valid: undefined },
  { name: 'adminOrdersFn', method: 'GET', valid: { q: 'GT-NONE' }, invalid: { status: 'lost', page: 0 } },
  { name: 'adminOrderFn', method: 'GET', valid: { id: UUID }, invalid: { id: 'not-an-id' } },
  { name: 'adminRefundFn', method: 'POST', valid: { id: UUID }, invalid: { id: 42 } },
  { name: 'adminCancelOrderFn', method: 'POST', valid: { id: UUID }, invalid: {} },
  {
    name: 'adminRefundFn',
    method: 'POST',
    valid: { id: UUID, destination: 'credit' },
    invalid: { id: UUID, destination: 'piggy-bank' },
  },
  { name: 'adminShopperCreditFn', method: 'GET', valid: { orderId: UUID }, invalid: { orderId: 'x' } },
  {
    name: 'adminGrantCreditFn',
    method: 'POST',
    // An unknown shopper: the use case refuses it (404 in the ActionResult), nothing is written.
    valid: { userId: UUID, amountMinor: 500, currency: 'USD', reason: 'Access check' },
    invalid: { userId: UUID, amountMinor: -5, currency: 'XXX', reason: '' },
    admin: true,
  },
  { name: 'adminResendDeliveryFn', method: 'POST', valid: { id: UUID }, invalid: { id: '' } },
  { name: 'adminSupportInboxFn', method: 'GET', valid: { answered: false }, invalid: { page: -1 } },
  {
    name: 'adminSupportReplyFn',
    method: 'POST',
    valid: { requestId: 2_000_000_000, message: 'Hello' },
    invalid: { requestId: 'x', message: '' },
  },
  { name: 'adminAuditFn', method: 'GET', valid: {}, invalid: { from: 'yesterday' }, admin: true },
  { name: 'adminWithdrawalsFn', method: 'GET', valid: undefined, admin: true },
  {
    name: 'adminWithdrawalActionFn',
    method: 'POST',
    valid: { id: UUID, decision: { action: 'approve' } },
    invalid: { id: 'x', decision: { action: 'explode' } },
    admin: true,
  },
  // Catalogue and coupons (admins): saves of made-up ids are refused by the use case (400, 404 or 409,
  // with ok: false), never written.
  { name: 'adminGamesFn', method: 'GET', valid: { q: 'none' }, invalid: { page: 0 }, admin: true },
  { name: 'adminCatalogOptionsFn', method: 'GET', valid: undefined, admin: true },
  { name: 'adminGameFn', method: 'GET', valid: { id: NO_ID }, invalid: { id: 'x' }, admin: true },
  {
    name: 'adminSaveGameFn',
    method: 'POST',
    valid: {
      id: NO_ID,
      version: NO_VERSION,
      slug: 'no-such-game',
      categoryId: NO_ID,
      kind: 'topup',
      cover: '/images/games/void-hunters.svg',
      publisher: 'Nobody',
      sort: 0,
      hot: false,
      active: true,
      playerFields: [],
      texts: Object.fromEntries(LOCALES.map((l) => [l, { name: l === 'en' ? 'None' : '', description: '' }])),
    },
    invalid: { slug: 'Not A Slug', kind: 'boardgame' },
    admin: true,
  },
  {
    name: 'adminSaveOfferFn',
    method: 'POST',
    valid: { gameId: NO_ID, regions: ['global'], active: true },
    invalid: { gameId: 'x', regions: [] },
    admin: true,
  },
  {
    name: 'adminSaveSkuFn',
    method: 'POST',
    valid: {
      offerId: NO_ID,
      code: 'NONE-1',
      name: 'None',
      quantity: 1,
      sort: 0,
      active: true,
      names: Object.fromEntries(LOCALES.map((l) => [l, ''])),
      prices: [{ currency: 'USD', amount: '1.00', list: '' }],
    },
    invalid: { offerId: 1, quantity: 0, prices: [{ currency: 'XXX' }] },
    admin: true,
  },
  { name: 'adminCouponsFn', method: 'GET', valid: {}, invalid: { page: -1 }, admin: true },
  { name: 'adminCouponFn', method: 'GET', valid: { id: NO_ID }, invalid: { id: 'x' }, admin: true },
  {
    name: 'adminSaveCouponFn',
    method: 'POST',
    valid: {
      id: NO_ID,
      version: NO_VERSION,
      code: 'NO-SUCH-COUPON',
      kind: 'percent',
      percent: 10,
      amounts: { USD: '', EUR: '', BRL: '', RUB: '' },
      minSpend: { USD: '', EUR: '', BRL: '', RUB: '' },
      startsAt: null,
      endsAt: null,
      usageLimit: null,
      perCustomerLimit: null,
      stackable: false,
      gameIds: [],
      categoryIds: [],
      listed: false,
      active: true,
    },
    invalid: { code: 'x', kind: 'percent', percent: 500 },
    admin: true,
  },
  {
    name: 'adminSetCouponActiveFn',
    method: 'POST',
    valid: { id: NO_ID, version: NO_VERSION, active: false },
    invalid: { id: 1, version: 'stale', active: 'no' },
    admin: true,
  },
  { name: 'adminPromotersFn', method: 'GET', valid: {}, invalid: { status: 'lost', page: 0 }, admin: true },
  {
    name: 'adminPromoterActionFn',
    method: 'POST',
    valid: { userId: UUID, decision: { action: 'approve' } },
    invalid: { userId: 'x', decision: { action: 'rate', rateBps: 10_001 } },
    admin: true,
  },
  { name: 'adminFlagsFn', method: 'GET', valid: { page: 1 }, invalid: { page: 0 }, admin: true },
  {
    name: 'adminFlagReviewFn',
    method: 'POST',
    valid: { id: 2_000_000_000, decision: 'confirm' },
    invalid: { id: 'x', decision: 'explode' },
    admin: true,
  },
  { name: 'adminReconcileFn', method: 'GET', valid: undefined, admin: true },
  { name: 'paymentReconciliationFn', method: 'GET', valid: undefined },
  { name: 'reconcilePaymentsFn', method: 'POST', valid: { day: '2026-01-01' }, invalid: { day: 'x' }, admin: true },
  { name: 'adminContentOptionsFn', method: 'GET', valid: undefined, admin: true },
  {
    name: 'adminArticlesFn',
    method: 'GET',
    valid: { state: 'draft' },
    invalid: { kind: 'poem', page: 0 },
    admin: true,
  },
  { name: 'adminArticleFn', method: 'GET', valid: { id: 2_000_000_000 }, invalid: { id: 'x' }, admin: true },
  {
    name: 'adminSaveArticleFn',
    method: 'POST',
    // A valid shape whose path breaks the slug rule: the use case refuses it (an ActionResult), nothing is written.
    valid: { path: 'Not A Slug', kind: 'news', gameId: null, cover: '', translations: [] },
    invalid: { path: 42, kind: 'poem', translations: 'none' },
    admin: true,
  },
  {
    name: 'adminPublishArticleFn',
    method: 'POST',
    valid: { id: 2_000_000_000, version: '0000000000000000', published: true },
    invalid: { id: 1, version: 'stale', published: 'yes' },
    admin: true,
  },
  {
    name: 'adminPreviewArticleFn',
    method: 'POST',
    valid: { path: 'x', kind: 'news', cover: '', locale: 'en', title: 'T', summary: '', content: '<p>x</p>' },
    invalid: { locale: 'xx', content: 1 },
    admin: true,
  },
  { name: 'adminPagesFn', method: 'GET', valid: undefined, admin: true },
  { name: 'adminPageFn', method: 'GET', valid: { id: 2_000_000_000 }, invalid: { id: -1 }, admin: true },
  {
    name: 'adminSavePageFn',
    method: 'POST',
    valid: { slug: 'Not A Slug', translations: [] },
    invalid: { slug: null, translations: [{ locale: 'xx' }] },
    admin: true,
  },
  {
    name: 'adminPreviewPageFn',
    method: 'POST',
    valid: { slug: 'x', locale: 'de', title: 'T', body: '<p>x</p>', metaDescription: '' },
    invalid: { slug: 'x', locale: 'de', body: [] },
    admin: true,
  },
  { name: 'adminShortLinksFn', method: 'GET', valid: undefined, admin: true },
  {
    name: 'adminSaveShortLinkFn',
    method: 'POST',
    // An external target: the use case refuses it (an ActionResult), nothing is written.
    valid: { alias: 'access-check', target: 'https://evil.test/' },
    invalid: { alias: 1, target: null },
    admin: true,
  },
  {
    name: 'adminDeleteShortLinkFn',
    method: 'POST',
    valid: { id: 2_000_000_000, version: '0000000000000000' },
    invalid: { id: 'x', version: 'v' },
    admin: true,
  },
  { name: 'adminRedirectsFn', method: 'GET', valid: undefined, admin: true },
  {
    name: 'adminSaveRedirectFn',
    method: 'POST',
    valid: { fromPath: '/access-check', toPath: '/access-check', status: 301 },
    invalid: { fromPath: '/a', toPath: '/b', status: 307 },
    admin: true,
  },
  {
    name: 'adminDeleteRedirectFn',
    method: 'POST',
    valid: { id: 2_000_000_000, version: '0000000000000000' },
    invalid: { id: 0, version: '' },
    admin: true,
  },
  { name: 'adminLinksFn', method: 'GET', valid: undefined, admin: true },
  {
    name: 'adminSaveLinkFn',
    method: 'POST',
    valid: { scene: 1, title: 'x', image: '/x.svg', url: 'https://evil.test/', locale: null, active: true },
    invalid: { scene: 3, title: 1, active: 'yes' },
    admin: true,
  },
  {
    name: 'adminDeleteLinkFn',
    method: 'POST',
    valid: { id: 2_000_000_000, version: '0000000000000000' },
    invalid: { id: 1.5, version: 'v' },
    admin: true,
  },
  {
    name: 'adminReorderLinksFn',
    method: 'POST',
    // Not the scene's ids: refused as a stale list, nothing is written.
    valid: { scene: 2, ids: [2_000_000_000] },
    invalid: { scene: 0, ids: 'all' },
    admin: true,
  },
  { name: 'adminNavigationFn', method: 'GET', valid: undefined, admin: true },
  {
    name: 'adminSaveNavigationFn',
    method: 'POST',
    valid: { name: 'x', type: 'url', url: 'https://evil.test/', code: 'access-check', visible: true },
    invalid: { name: 'x', type: 'menu', url: '/', code: 'x', visible: 1 },
    admin: true,
  },
  {
    name: 'adminReorderNavigationFn',
    method: 'POST',
    valid: { ids: [2_000_000_000] },
    invalid: { ids: [-1] },
    admin: true,
  },
  { name: 'adminStaffFn', method: 'GET', valid: undefined, admin: true },
  {
    name: 'adminSetRoleFn',
    method: 'POST',
    valid: { email: 'nobody-here@example.test', role: 'support' },
    invalid: { email: 'not-an-email', role: 'king' },
    admin: true,
  },
  {
    name: 'adminImportCodesFn',
    method: 'POST',
    valid: { skuId: NO_ID, csv: 'CODE-1', dryRun: true },
    invalid: { skuId: 'x', csv: 42, dryRun: 'yes' },
    admin: true,
  },
]

let server: RunningServer
const browsers = new Map<Who, Browser>()

async function call(who: Who, name: string, method: 'GET' | 'POST', data: unknown) {
  const browser = browsers.get(who)!
  const payload = JSON.stringify(await toJSONAsync({ data }))
  const headers = { 'x-tsr-serverfn': 'true', accept: 'application/json', origin: browser.base }
  const id = serverFnId(name)
  const response =
    method === 'GET'
      ? await browser.request(`/_serverFn/${id}?payload=${encodeURIComponent(payload)}`, { headers })
      : await browser.request(`/_serverFn/${id}`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: payload,
        })
  return { status: response.status, text: await response.text() }
}

beforeAll(async () => {
  server = await startServer({ ALLOW_TEST_FIXTURES: 'true' })
  const make = async (input: TestUserInput) => {
    const response = await fetch(`${server.base}/api/workshop/test-users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(input),
    })
    expect(response.status).toBe(201)
    return (await response.json()) as TestUser
  }
  browsers.set('visitor', new Browser(server.base))
  const accounts: Array<[Who, TestUserInput]> = [
    ['shopper', {}],
    ['promoter', { promoter: true }],
    ['support', { role: 'support' }],
    ['admin', { role: 'admin' }],
  ]
  for (const [who, input] of accounts) {
    const user = await make(input)
    const browser = new Browser(server.base)
    await signInViaStorefront(browser, { email: user.email, password: user.password })
    // Staff prove their second factor after the password, as the back office asks (ADR 111).
    if (user.totpSecret) await proveStaffFactor(browser, user.totpSecret)
    browsers.set(who, browser)
  }
}, 240_000)
afterAll(async () => {
  await server?.stop()
})

describe('back-office server functions', () => {
  it.each(FUNCTIONS)(
    '$name: 401 visitor, 403 shopper and promoter, support and admin as allowed, 400 for bad input',
    async (fn) => {
      const refused: Array<[Who, number]> = [
        ['visitor', 401],
        ['shopper', 403],
        ['promoter', 403],
        ...(fn.admin ? ([['support', 403]] as Array<[Who, number]>) : []),
      ]
      for (const [who, status] of refused) {
        const r = await call(who, fn.name, fn.method, fn.valid)
        expect(r.status, `${who}: ${r.text.slice(0, 200)}`).toBe(status)
      }
      for (const who of fn.admin ? (['admin'] as Who[]) : (['support', 'admin'] as Who[])) {
        const r = await call(who, fn.name, fn.method, fn.valid)
        // Allowed through the door: an answer, or the use case's own refusal of this made-up id.
        expect([200, 400, 404, 409], `${who}: ${r.text.slice(0, 200)}`).toContain(r.status)
      }
      if (fn.invalid !== undefined) {
        const r = await call('admin', fn.name, fn.method, fn.invalid)
        expect(r.status, r.text.slice(0, 200)).toBe(400)
        // The validator's issues travel in the body, each with its machine-readable code and path.
        expect(r.text).toMatch(/invalid_type|invalid_value|invalid_format|too_small|too_big/)
      }
    },
  )
})

describe('content screens', () => {
  const screens: Array<[string, string]> = [
    ['/en/admin/content/articles', 'articles-table'],
    ['/de/admin/content/articles/new', 'article-form'],
    ['/en/admin/content/pages', 'pages-table'],
    ['/fr/admin/content/links', 'links-2-table'],
    ['/en/admin/content/navigation', 'navigation-table'],
    ['/es/admin/content/short-links', 'short-links-table'],
    ['/ru/admin/content/redirects', 'redirects-table'],
  ]
  it.each(screens)(
    '%s renders for an admin (with the Content entry) and is the 404 page for support',
    async (screen, testId) => {
      const asAdmin = await browsers.get('admin')!.request(screen)
      const html = await asAdmin.text()
      expect(asAdmin.status, html.slice(0, 300)).toBe(200)
      expect(html).toContain(`data-testid="${testId}"`)
      expect(html).toContain('data-testid="admin-nav-content"')
      expect((await browsers.get('support')!.request(screen)).status).toBe(404)
    },
  )
})

describe('list screens', () => {
  // Each list's route loads its first page (issue 32: every back-office route through a loader), so
  // the server's HTML already holds the table or the empty state, not a loading placeholder.
  const lists: Array<[string, RegExp]> = [
    ['/en/admin/catalog', /data-testid="catalog-row"/],
    ['/de/admin/coupons', /data-testid="coupons-row"/],
    ['/en/admin/orders', /data-testid="orders-(row|empty)"/],
    ['/fr/admin/promoters', /data-testid="(promoter-row|promoters-empty)"/],
    ['/en/admin/support', /data-testid="support-(request|empty)"/],
    ['/ru/admin/audit', /data-testid="audit-(row|empty)"/],
  ]
  it.each(lists)('%s arrives from the server with its data', async (screen, content) => {
    const response = await browsers.get('admin')!.request(screen)
    const html = await response.text()
    expect(response.status, html.slice(0, 300)).toBe(200)
    expect(html).toMatch(content)
  })
})

describe('the storefront bodies the preview shares', () => {
  it.each([
    ['/de/articles/store-open-in-six-languages', 'article'],
    ['/fr/about-us', 'cms-page'],
  ])('%s still renders its body', async (page, testId) => {
    const response = await browsers.get('visitor')!.request(page)
    expect(response.status).toBe(200)
    expect(await response.text()).toContain(`data-testid="${testId}"`)
  })
})

/**
 * Issue 10, acceptance 3: every REST door under src/routes/api called in-process with a plain
 * Request, without a server — a visitor is 401, a wrong role 403, bad input 400 with a
 * machine-readable code in the JSON body, and one call succeeds. The routes other files already
 * drive through the same seam (the /api/ms/* doors, the staff refund, the audit CSV, the catalogue
 * and test-user doors) are listed in COVERED_ELSEWHERE; a guard test keeps the two lists complete.
 *
 * Every handler asks its door (`deps` carry the test's database and resolver); the file runs on the
 * app's own database too (a throwaway PGlite in ordersConfigForFile's DATA_DIR) and signs requests
 * in both ways, with a real session cookie and with the test header the door's resolver reads.
 */
import { randomBytes } from 'node:crypto'
import { readdirSync } from 'node:fs'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { config, overrideConfig } from '../../app.config'
import { issueEmailCode } from '../../src/modules/accounts/email-codes.server'
import { verifyPassword } from '../../src/modules/accounts/password.server'
import { setClockOffset } from '../../src/modules/time/clock'
import { DAY_MS } from '../../src/modules/time/days'
import { TEST_CLOCK_KEY } from '../../src/modules/time/test-clock.server'
import { createOrder } from '../../src/modules/orders/create-order.server'
import { webhookSecret } from '../../src/modules/payments/webhook-secret.server'
import { SIGNATURE_HEADER, TIMESTAMP_HEADER, signPayload } from '../../src/modules/payments/webhook-signature.server'
import { Route as ResetPassRoute } from '../../src/routes/api/accounts/email/reset-pass'
import { Route as CaptchaEmailRoute } from '../../src/routes/api/captcha/email'
import { Route as LatestGamesRoute } from '../../src/routes/api/cms/articles/games/latest'
import { Route as CmsLinksRoute } from '../../src/routes/api/cms/links'
import { Route as OrderRoute } from '../../src/routes/api/orders/$id'
import { Route as OrdersRoute } from '../../src/routes/api/orders/index'
import { Route as CashierDeskRoute } from '../../src/routes/api/pay/pacypay/cashier-desk/transactions'
import { Route as LocalWalletRoute } from '../../src/routes/api/pay/pacypay/local-wallet/transactions'
import { Route as PayRoute } from '../../src/routes/api/pay/index'
import { Route as SandboxWebhookRoute } from '../../src/routes/api/pay/webhooks/sandbox'
import { Route as StripeWebhookRoute } from '../../src/routes/api/pay/webhooks/stripe'
import { Route as PaypalWebhookRoute } from '../../src/routes/api/pay/webhooks/paypal'
import { Route as ProviderReturnRoute } from '../../src/routes/api/pay/return/$gateway'
import { Route as NavigationRoute } from '../../src/routes/api/product/categories/navigation'
import { Route as UmfRoute } from '../../src/routes/api/third-party/payments/umf'
import { Route as MeRoute } from '../../src/routes/api/users/me'
import { Route as CustomersEmailRoute } from '../../src/routes/api/v2/customers/email'
import { Route as ClockRoute } from '../../src/routes/api/workshop/clock'
import { Route as PlayerFixExpiryRoute } from '../../src/routes/api/workshop/player-fix-expiry'
import { closeDb, getDb, type Db } from '../../src/server/db/client'
import * as t from '../../src/server/db/schema'
import { seedDemoData } from '../../src/app/seed/seed'
import type { HandlerCtx } from '../../src/modules/door/rest.server'
import { TEST_USER_HEADER, routeHandler, sessionCookie, testUser } from './doors'
import { makeUser, orderInput, pickSku, testDataDir } from './orders-fixtures'
import { makePromoter } from './affiliate-fixtures'
import { refundAsStaff } from '../../src/modules/orders/staff-refund.server'
import { openDoor } from '../../src/modules/door/door.server'
import { wireApp } from '../../src/app/wiring'
import { pay, settle, startWebhookEndpoint } from './orders-fixtures'
import { Route as LinkRoute } from '../../src/routes/api/ms/referral/links/$id'
import { Route as LinksRoute } from '../../src/routes/api/ms/referral/links/index'
import { Route as RefundRoute } from '../../src/routes/api/orders/$id.refund'
import { ordersConfigForFile } from './test-config'

ordersConfigForFile()

type Handler = (ctx: HandlerCtx) => Promise<Response>
type Role = (typeof t.USER_ROLES)[number]

/** A signed-in user: their id and the session cookie that signs a request in as them. */
interface Who {
  id: string
  cookie: string
}

interface Req {
  method?: 'GET' | 'POST' | 'PATCH'
  path?: string
  as?: Who
  /** JSON body. */
  body?: unknown
  /** A body sent as is, with `type` as its content type. */
  raw?: BodyInit
  type?: string
  headers?: Record<string, string>
  params?: Record<string, string>
}

interface Answer {
  status: number
  headers: Headers
  text: string
  /** The JSON body, when the answer is JSON. */
  json: { error?: { code: string; message: string; issues?: { path: string; message: string }[] } } & Record<
    string,
    unknown
  >
}

let db: Db

/** Calls a handler as Start would, on this file's database, signed in both ways when `as` is set. */
async function send(handler: Handler, req: Req = {}): Promise<Answer> {
  const headers = new Headers(req.headers)
  if (req.raw !== undefined || req.body !== undefined) {
    headers.set('content-type', req.type ?? 'application/json')
  }
  if (req.as) {
    headers.set(TEST_USER_HEADER, req.as.id)
    headers.set('cookie', req.as.cookie)
  }
  const request = new Request(`http://shop.test${req.path ?? '/api/x'}`, {
    method: req.method ?? (req.body !== undefined || req.raw !== undefined ? 'POST' : 'GET'),
    headers,
    body: req.raw ?? (req.body === undefined ? undefined : JSON.stringify(req.body)),
  })
  // The socket address Start would set: a fresh one per call, so no rate limit carries across tests.
  Object.assign(request, { ip: `198.51.100.${1 + (randomBytes(1)[0]! % 250)}:${randomBytes(2).readUInt16BE()}` })
  const response = await handler({ request, params: req.params, deps: { db, resolve: testUser } })
  const text = await response.text()
  const json = response.headers.get('content-type')?.startsWith('application/json')
    ? (JSON.parse(text) as Answer['json'])
    : {}
  return { status: response.status, headers: response.headers, text, json }
}

async function signedIn(role: Role = 'customer'): Promise<Who> {
  const id = await makeUser(db, role)
  if (role !== 'customer') await db.update(t.users).set({ role }).where(eq(t.users.id, id))
  return { id, cookie: await sessionCookie(db, id) }
}

const email = (label: string) => `${label}-${randomBytes(5).toString('hex')}@example.com`

/** A fresh order of `owner` (a top-up SKU, USD), unpaid. */
async function orderOf(owner: Who): Promise<string> {
  const { order } = await createOrder(db, owner.id, orderInput(await pickSku(db, 'topup')))
  return order.id
}

const UUID = '00000000-0000-4000-8000-000000000000'

const api = {
  me: { get: routeHandler(MeRoute, 'GET'), patch: routeHandler(MeRoute, 'PATCH') },
  orders: { list: routeHandler(OrdersRoute, 'GET'), create: routeHandler(OrdersRoute, 'POST') },
  order: routeHandler(OrderRoute, 'GET'),
  pay: routeHandler(PayRoute, 'POST'),
  cashierDesk: { get: routeHandler(CashierDeskRoute, 'GET'), post: routeHandler(CashierDeskRoute, 'POST') },
  localWallet: { get: routeHandler(LocalWalletRoute, 'GET'), post: routeHandler(LocalWalletRoute, 'POST') },
  webhook: routeHandler(SandboxWebhookRoute, 'POST'),
  captcha: routeHandler(CaptchaEmailRoute, 'POST'),
  resetPass: routeHandler(ResetPassRoute, 'POST'),
  customersEmail: routeHandler(CustomersEmailRoute, 'POST'),
  cmsLinks: routeHandler(CmsLinksRoute, 'GET'),
  latestGames: routeHandler(LatestGamesRoute, 'GET'),
  navigation: routeHandler(NavigationRoute, 'GET'),
  umf: routeHandler(UmfRoute, 'GET'),
  clock: routeHandler(ClockRoute, 'POST'),
  playerFixExpiry: routeHandler(PlayerFixExpiryRoute, 'POST'),
}

/** Route files under src/routes/api driven here, by path relative to src/routes/api. */
const COVERED_HERE = [
  'accounts/email/reset-pass.ts',
  'captcha/email.ts',
  'cms/articles/games/latest.ts',
  'cms/links.ts',
  'orders/$id.ts',
  'orders/index.ts',
  'pay/index.ts',
  'pay/pacypay/cashier-desk/transactions.ts',
  'pay/pacypay/local-wallet/transactions.ts',
  'pay/return/$gateway.ts',
  'pay/webhooks/paypal.ts',
  'pay/webhooks/sandbox.ts',
  'pay/webhooks/stripe.ts',
  'product/categories/navigation.ts',
  'third-party/payments/umf.ts',
  'users/me.ts',
  'v2/customers/email.ts',
  'workshop/clock.ts',
  'workshop/player-fix-expiry.ts',
]

/** Route files whose 401 / 403 / 400 / success cases another in-process test file already drives. */
const COVERED_ELSEWHERE: Record<string, string> = {
  'staff/factor/verify.ts': 'admin-access.test.ts',
  'admin/audit[.]csv.ts': 'admin-audit.test.ts',
  'items/filterSku.ts': 'catalogue-api.test.ts',
  'cms/redirects.ts': 'catalogue-api.test.ts',
  'ms/promoters.ts': 'affiliate-api.test.ts',
  'ms/referral/balance.ts': 'affiliate-api.test.ts',
  'ms/referral/links/$id.ts': 'affiliate-api.test.ts',
  'ms/referral/links/index.ts': 'affiliate-api.test.ts',
  'ms/referral/performance.ts': 'affiliate-api.test.ts',
  'ms/referral/reconciliation.ts': 'affiliate-api.test.ts',
  'ms/withdrawals/$id.ts': 'affiliate-api.test.ts',
  'ms/withdrawals/index.ts': 'affiliate-api.test.ts',
  'privacy/export.$token.ts': 'privacy.test.ts',
  'search.ts': 'search.test.ts',
  // The route only hands the raw body to receiveSupplierCallback; the supplier suites drive that use
  // case through a callback server of their own (forged signature 401, duplicates, polling).
  'fulfilment/callbacks/$supplier.ts': 'supplier-http.test.ts, supplier-outage.test.ts',
  'orders/$id.refund.ts': 'orders-refund-api.test.ts, partial-refunds.test.ts',
  'workshop/test-users.ts': 'workshop-test-users.test.ts',
}

let hook: Awaited<ReturnType<typeof startWebhookEndpoint>>
let restoreConfig = () => {}

beforeAll(async () => {
  testDataDir()
  db = await getDb()
  await seedDemoData(db)
  wireApp()
  // The sandbox gateway's webhooks (queued jobs) go to this file's own endpoint, never to a port
  // some other process may be listening on.
  hook = await startWebhookEndpoint(db)
  restoreConfig = overrideConfig({ PAYMENT_WEBHOOK_URL: hook.url })
}, 120_000)

afterAll(async () => {
  restoreConfig()
  await hook?.close()
  await closeDb()
})

describe('the table of doors', () => {
  it('names every route file under src/routes/api exactly once', () => {
    const root = path.resolve(import.meta.dirname, '../../src/routes/api')
    const files = readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts'))
      .map((f) => f.split(path.sep).join('/'))
      .sort()
    const listed = [...COVERED_HERE, ...Object.keys(COVERED_ELSEWHERE)].sort()
    expect(listed).toEqual(files)
  })
})

describe('who may call', () => {
  type Case = [name: string, handler: Handler, req: Req]
  /** Doors that need a signed-in user, with input that would otherwise be accepted. */
  const signedInOnly: Case[] = [
    ['GET /api/users/me', api.me.get, {}],
    ['PATCH /api/users/me', api.me.patch, { method: 'PATCH', body: { username: 'Someone' } }],
    ['GET /api/orders', api.orders.list, { path: '/api/orders' }],
    ['GET /api/orders?id=', api.orders.list, { path: `/api/orders?id=${UUID}` }],
    ['POST /api/orders', api.orders.create, { body: { items: [{ skuId: 1, quantity: 1 }], currency: 'USD' } }],
    ['GET /api/orders/{id}', api.order, { params: { id: UUID } }],
    ['GET /api/orders/{bad id}', api.order, { params: { id: 'not-a-uuid' } }],
    ['POST /api/pay', api.pay, { body: { orderId: UUID, method: 'card' } }],
  ]

  it.each(signedInOnly)('%s is 401 UNAUTHENTICATED for a visitor', async (_name, handler, req) => {
    const res = await send(handler, req)
    expect(res.status).toBe(401)
    expect(res.json.error?.code).toBe('UNAUTHENTICATED')
  })

  it.each(signedInOnly)('%s is 401 for a session cookie the shop never issued', async (_name, handler, req) => {
    const res = await send(handler, { ...req, headers: { cookie: `session=${randomBytes(32).toString('base64url')}` } })
    expect(res.status).toBe(401)
    expect(res.json.error?.code).toBe('UNAUTHENTICATED')
  })

  /** Doors that look an order up for its owner: someone else's order is not found (no leak). */
  const ownerOnly: [name: string, call: (orderId: string, as: Who) => Promise<Answer>][] = [
    ['GET /api/orders/{id}', (id, as) => send(api.order, { as, params: { id } })],
    ['GET /api/orders?id=', (id, as) => send(api.orders.list, { as, path: `/api/orders?id=${id}` })],
    ['POST /api/pay', (id, as) => send(api.pay, { as, body: { orderId: id, method: 'card' } })],
    [
      'GET /api/orders/{id}?waitWhile= (long poll)',
      (id, as) => send(api.order, { as, params: { id }, path: `/api/orders/${id}?waitWhile=created` }),
    ],
  ]
  it.each(ownerOnly)("%s is 404 NOT_FOUND for another shopper's order", async (_name, call) => {
    const owner = await signedIn()
    const orderId = await orderOf(owner)
    const res = await call(orderId, await signedIn())
    expect(res.status).toBe(404)
    expect(res.json.error?.code).toBe('NOT_FOUND')
    expect(res.text).not.toContain(orderId)
  })

  describe('the test clock, with ALLOW_TEST_CLOCK on', () => {
    let restore = () => {}
    beforeAll(() => {
      restore = overrideConfig({ ALLOW_TEST_CLOCK: 'true' })
    })
    afterAll(() => restore())

    it('is 401 for a visitor', async () => {
      const res = await send(api.clock, { body: { advanceDays: 1 } })
      expect(res.status).toBe(401)
      expect(res.json.error?.code).toBe('UNAUTHENTICATED')
    })

    it.each<Role>(['customer', 'support'])('is 403 admin_only for the %s role', async (role) => {
      const res = await send(api.clock, { as: await signedIn(role), body: { advanceDays: 1 } })
      expect(res.status).toBe(403)
      expect(res.json.error).toMatchObject({ code: 'FORBIDDEN', issues: [{ message: 'admin_only' }] })
    })
  })

  /** Test-fixture doors are shut, to admins too, unless their flag is on (the default is off). */
  const flagged: Case[] = [
    ['POST /api/workshop/clock (ALLOW_TEST_CLOCK off)', api.clock, { body: { advanceDays: 1 } }],
    [
      'POST /api/workshop/player-fix-expiry (ALLOW_TEST_FIXTURES off)',
      api.playerFixExpiry,
      { body: { orderId: UUID } },
    ],
  ]
  it.each(flagged)('%s is 403 FORBIDDEN even for an admin', async (_name, handler, req) => {
    expect(config().ALLOW_TEST_CLOCK).toBe(false)
    expect(config().ALLOW_TEST_FIXTURES).toBe(false)
    const res = await send(handler, { ...req, as: await signedIn('admin') })
    expect(res.status).toBe(403)
    expect(res.json.error?.code).toBe('FORBIDDEN')
  })
})

describe('bad input is 400 INVALID_INPUT with the field at fault', () => {
  /** [name, handler, request, issue path expected among the issues (none: the code is enough)] */
  type Case = [name: string, handler: Handler, req: Req, issuePath?: string]
  const signedInCases: Case[] = [
    ['PATCH /api/users/me: body not JSON', api.me.patch, { method: 'PATCH', raw: '{"username":' }],
    ['PATCH /api/users/me: body not an object', api.me.patch, { method: 'PATCH', raw: '"Someone"' }],
    ['PATCH /api/users/me: one-letter name', api.me.patch, { method: 'PATCH', body: { username: 'x' } }, 'username'],
    [
      'PATCH /api/users/me: http avatar',
      api.me.patch,
      { method: 'PATCH', body: { username: 'Name', avatar: 'http://evil.test/a.png' } },
      'avatar',
    ],
    [
      'PATCH /api/users/me: three-letter country',
      api.me.patch,
      { method: 'PATCH', body: { username: 'Name', billingAddress: { country: 'USA' } } },
      'billingAddress.country',
    ],
    ['GET /api/orders?page=abc', api.orders.list, { path: '/api/orders?page=abc' }, 'page'],
    ['GET /api/orders?pageSize=500', api.orders.list, { path: '/api/orders?pageSize=500' }, 'pageSize'],
    ['GET /api/orders?status=nope', api.orders.list, { path: '/api/orders?status=nope' }, 'status'],
    ['GET /api/orders?id=not-a-uuid', api.orders.list, { path: '/api/orders?id=not-a-uuid' }, 'id'],
    ['POST /api/orders: body not JSON', api.orders.create, { raw: '{"items":[' }],
    ['POST /api/orders: JSON array', api.orders.create, { body: [1, 2] }],
    ['POST /api/orders: no items', api.orders.create, { body: { items: [], currency: 'USD' } }, 'items'],
    [
      'POST /api/orders: quantity 0',
      api.orders.create,
      { body: { items: [{ skuId: 1, quantity: 0 }], currency: 'USD' } },
      'items.0.quantity',
    ],
    ['GET /api/orders/{id}: id not a uuid', api.order, { params: { id: 'not-a-uuid' } }, 'id'],
    [
      'GET /api/orders/{id}?waitWhile=nope',
      api.order,
      { params: { id: UUID }, path: `/api/orders/${UUID}?waitWhile=nope` },
      'waitWhile',
    ],
    ['POST /api/pay: empty body', api.pay, { raw: '' }],
    ['POST /api/pay: order id not a uuid', api.pay, { body: { orderId: 'x', method: 'card' } }, 'orderId'],
    ['POST /api/pay: unknown method', api.pay, { body: { orderId: UUID, method: 'cash' } }, 'method'],
  ]
  it.each(signedInCases)('%s (signed in)', async (_name, handler, req, issuePath) => {
    await expectInvalid(await send(handler, { ...req, as: await signedIn() }), issuePath)
  })

  const publicCases: Case[] = [
    ['POST /api/captcha/email: empty body', api.captcha, { raw: '' }, 'email'],
    ['POST /api/captcha/email: not an e-mail', api.captcha, { body: { email: 'nope' } }, 'email'],
    ['POST /api/captcha/email: unknown purpose', api.captcha, { body: { email: email('a'), purpose: 'x' } }, 'purpose'],
    ['POST /api/captcha/email: unknown locale', api.captcha, { body: { email: email('a'), locale: 'it' } }, 'locale'],
    ['POST /api/accounts/email/reset-pass: empty body', api.resetPass, { raw: '' }, 'email'],
    [
      'POST /api/accounts/email/reset-pass: code not 6 digits',
      api.resetPass,
      { body: { email: email('r'), code: '12', password: 'Passw0rd!' } },
      'code',
    ],
    [
      'POST /api/accounts/email/reset-pass: weak password',
      api.resetPass,
      { body: { email: email('r'), code: '123456', password: 'short' } },
      'password',
    ],
    [
      'POST /api/accounts/email/reset-pass: a code never sent',
      api.resetPass,
      { body: { email: email('r'), code: '123456', password: 'Passw0rd!' } },
      'code',
    ],
    ['POST /api/v2/customers/email: body not JSON', api.customersEmail, { raw: '{"email"' }, 'email'],
    ['POST /api/v2/customers/email: JSON null', api.customersEmail, { raw: 'null' }],
    [
      'POST /api/v2/customers/email: letters for a code',
      api.customersEmail,
      { body: { email: email('c'), code: 'abcdef', password: 'Passw0rd!' } },
      'code',
    ],
    [
      'POST /api/v2/customers/email: a code never sent',
      api.customersEmail,
      { body: { email: email('c'), code: '123456', password: 'Passw0rd!' } },
      'code',
    ],
    ['GET /api/cms/links?locale=it', api.cmsLinks, { path: '/api/cms/links?locale=it' }, 'locale'],
    ['GET /api/cms/articles/games/latest?limit=0', api.latestGames, { path: '/api/x?limit=0' }, 'limit'],
    ['GET /api/cms/articles/games/latest?limit=25', api.latestGames, { path: '/api/x?limit=25' }, 'limit'],
    ['GET /api/cms/articles/games/latest?limit=abc', api.latestGames, { path: '/api/x?limit=abc' }, 'limit'],
    ['GET /api/cms/articles/games/latest?locale=xx', api.latestGames, { path: '/api/x?locale=xx' }, 'locale'],
    ['GET /api/product/categories/navigation?locale=xx', api.navigation, { path: '/api/x?locale=xx' }, 'locale'],
    ['GET /api/third-party/payments/umf (no currency)', api.umf, { path: '/api/x' }, 'currency'],
    ['GET /api/third-party/payments/umf?currency=US', api.umf, { path: '/api/x?currency=US' }, 'currency'],
    ['GET /api/third-party/payments/umf?country=USA', api.umf, { path: '/api/x?currency=USD&country=USA' }, 'country'],
    ['POST cashier-desk transactions: JSON instead of a form', api.cashierDesk.post, { body: { id: 'x' } }],
    [
      'POST cashier-desk transactions: multipart without boundary',
      api.cashierDesk.post,
      { raw: 'garbage', type: 'multipart/form-data' },
    ],
    ['POST local-wallet transactions: JSON instead of a form', api.localWallet.post, { body: { id: 'x' } }],
    ['POST local-wallet transactions: text/plain', api.localWallet.post, { raw: 'id=x', type: 'text/plain' }],
  ]
  it.each(publicCases)('%s', async (_name, handler, req, issuePath) => {
    await expectInvalid(await send(handler, req), issuePath)
  })

  describe('the test clock, with ALLOW_TEST_CLOCK on, for an admin', () => {
    let restore = () => {}
    beforeAll(() => {
      restore = overrideConfig({ ALLOW_TEST_CLOCK: 'true' })
    })
    afterAll(() => restore())
    const clockCases: Case[] = [
      ['advanceDays 0', api.clock, { body: { advanceDays: 0 } }, 'advanceDays'],
      ['advanceDays as a string', api.clock, { body: { advanceDays: '3' } }, 'advanceDays'],
      ['advanceDays beyond ten years', api.clock, { body: { advanceDays: 3651 } }, 'advanceDays'],
      ['body not JSON', api.clock, { raw: '{advanceDays' }],
    ]
    it.each(clockCases)('POST /api/workshop/clock: %s', async (_name, handler, req, issuePath) => {
      const res = await send(handler, { ...req, as: await signedIn('admin') })
      await expectInvalid(res, issuePath)
      const [offset] = await db.select().from(t.meta).where(eq(t.meta.key, TEST_CLOCK_KEY))
      expect(offset).toBeUndefined()
    })
  })

  describe('the player-fix fixture, with ALLOW_TEST_FIXTURES on', () => {
    let restore = () => {}
    beforeAll(() => {
      restore = overrideConfig({ ALLOW_TEST_FIXTURES: 'true' })
    })
    afterAll(() => restore())
    const fixtureCases: Case[] = [
      ['no order id', api.playerFixExpiry, { raw: '' }, 'orderId'],
      ['order id not a uuid', api.playerFixExpiry, { body: { orderId: 'x' } }, 'orderId'],
      ['JSON array', api.playerFixExpiry, { body: [UUID] }],
    ]
    it.each(fixtureCases)('POST /api/workshop/player-fix-expiry: %s', async (_name, handler, req, issuePath) => {
      await expectInvalid(await send(handler, req), issuePath)
    })
  })

  async function expectInvalid(res: Answer, issuePath?: string) {
    expect(res.status, res.text).toBe(400)
    expect(res.json.error?.code).toBe('INVALID_INPUT')
    expect(res.json.error?.message).toEqual(expect.any(String))
    if (issuePath) expect(res.json.error?.issues?.map((i) => i.path)).toContain(issuePath)
  }
})

describe('the sandbox webhook', () => {
  const event = () => ({
    id: `evt_${randomBytes(6).toString('hex')}`,
    type: 'payment.captured',
    reference: UUID,
    externalId: `ext_${randomBytes(6).toString('hex')}`,
    amountMinor: 100,
    currency: 'USD',
    createdAt: new Date().toISOString(),
  })
  const signed = async (raw: string, at = Math.floor(Date.now() / 1000), secret?: string) => ({
    [TIMESTAMP_HEADER]: String(at),
    [SIGNATURE_HEADER]: signPayload(secret ?? (await webhookSecret(db)), at, raw),
  })

  const forged: [name: string, headers: (raw: string) => Promise<Record<string, string>>][] = [
    ['no signature', async () => ({})],
    [
      'a signature without its timestamp',
      async (raw) => ({ [SIGNATURE_HEADER]: (await signed(raw))[SIGNATURE_HEADER] }),
    ],
    ['a signature by another secret', (raw) => signed(raw, undefined, 'whsec_not_ours')],
    ['a signature older than the tolerance', (raw) => signed(raw, Math.floor(Date.now() / 1000) - 3600)],
    ['a timestamp that is not a number', async (raw) => ({ ...(await signed(raw)), [TIMESTAMP_HEADER]: 'soon' })],
  ]
  it.each(forged)('is 401 UNAUTHENTICATED with %s, and records nothing', async (_name, headers) => {
    const body = event()
    const raw = JSON.stringify(body)
    const res = await send(api.webhook, { raw, headers: await headers(raw) })
    expect(res.status).toBe(401)
    expect(res.json.error?.code).toBe('UNAUTHENTICATED')
    expect(await db.select().from(t.webhookEvents).where(eq(t.webhookEvents.eventId, body.id))).toEqual([])
  })

  const malformed: [name: string, raw: string, issuePath?: string][] = [
    ['a body that is not JSON', '{"id":"evt_1",'],
    ['an event of an unknown type', JSON.stringify({ ...event(), type: 'payment.exploded' }), 'type'],
    ['an amount that is not whole', JSON.stringify({ ...event(), amountMinor: 1.5 }), 'amountMinor'],
    ['an event without an id', JSON.stringify({ ...event(), id: '' }), 'id'],
    ['JSON null', 'null'],
  ]
  it.each(malformed)('is 400 INVALID_INPUT for %s, correctly signed', async (_name, raw, issuePath) => {
    const res = await send(api.webhook, { raw, headers: await signed(raw) })
    expect(res.status, res.text).toBe(400)
    expect(res.json.error?.code).toBe('INVALID_INPUT')
    if (issuePath) expect(res.json.error?.issues?.map((i) => i.path)).toContain(issuePath)
  })

  it('acknowledges a signed event for a payment it does not know (ignored), and its redelivery', async () => {
    const raw = JSON.stringify(event())
    const first = await send(api.webhook, { raw, headers: await signed(raw) })
    expect(first).toMatchObject({ status: 200, json: { received: true, outcome: 'ignored' } })
    const again = await send(api.webhook, { raw, headers: await signed(raw) })
    expect(again).toMatchObject({ status: 200, json: { received: true, outcome: 'duplicate' } })
  })
})

describe('the provider doors, with the sandbox configured (no Stripe or PayPal keys)', () => {
  const stripeWebhook = routeHandler(StripeWebhookRoute, 'POST')
  const paypalWebhook = routeHandler(PaypalWebhookRoute, 'POST')
  const providerReturn = routeHandler(ProviderReturnRoute, 'GET')

  it.each([
    ['Stripe', stripeWebhook, { 'stripe-signature': 't=1,v1=00' }],
    ['PayPal', paypalWebhook, { 'paypal-transmission-sig': 'forged' }],
  ] as const)('a %s webhook is refused with a 4xx and records nothing', async (_name, handler, headers) => {
    const id = `evt_${randomBytes(6).toString('hex')}`
    const res = await send(handler, { raw: JSON.stringify({ id, type: 'checkout.session.completed' }), headers })
    expect(res.status, res.text).toBeGreaterThanOrEqual(400)
    expect(res.status, res.text).toBeLessThan(500)
    expect(await db.select().from(t.webhookEvents).where(eq(t.webhookEvents.eventId, id))).toEqual([])
  })

  it('the return from an unknown provider is 404 NOT_FOUND', async () => {
    const res = await send(providerReturn, {
      path: `/api/pay/return/nope?paymentId=${UUID}`,
      params: { gateway: 'nope' },
    })
    expect(res.status, res.text).toBe(404)
    expect(res.json.error?.code).toBe('NOT_FOUND')
  })
})

describe('the sandbox gateway pages', () => {
  const pages: [name: string, handler: Handler][] = [
    ['GET cashier-desk transactions', api.cashierDesk.get],
    ['GET local-wallet transactions', api.localWallet.get],
  ]
  it.each(pages)('%s answers an unknown or missing transaction with a 404 page', async (_name, handler) => {
    for (const query of ['', '?id=nope', `?id=${'x'.repeat(5000)}&locale=de`]) {
      const res = await send(handler, { path: `/api/pay/pacypay/x/transactions${query}` })
      expect(res.status, query).toBe(404)
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8')
    }
  })

  const forms: [name: string, handler: Handler][] = [
    ['POST cashier-desk transactions', api.cashierDesk.post],
    ['POST local-wallet transactions', api.localWallet.post],
  ]
  it.each(forms)('%s answers a form for an unknown transaction with a 404 page', async (_name, handler) => {
    const res = await send(handler, { raw: 'id=nope&decision=approve', type: 'application/x-www-form-urlencoded' })
    expect(res.status).toBe(404)
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8')
  })
})

describe('one call that succeeds, per door', () => {
  let restore = () => {}
  afterEach(() => restore())

  it('PATCH /api/users/me changes only what it sends (an empty body changes nothing)', async () => {
    const me = await signedIn()
    const first = await send(api.me.patch, {
      as: me,
      method: 'PATCH',
      body: { username: 'Partly Patched', billingAddress: { city: 'Berlin', country: 'DE' } },
    })
    expect(first.status, first.text).toBe(200)
    const second = await send(api.me.patch, { as: me, method: 'PATCH', body: { billingAddress: { city: 'Hamburg' } } })
    expect(second.status, second.text).toBe(200)
    expect(second.json).toMatchObject({
      username: 'Partly Patched',
      billingAddress: { city: 'Hamburg', country: 'DE' },
    })
    const none = await send(api.me.patch, { as: me, method: 'PATCH', raw: '' })
    expect(none.status, none.text).toBe(200)
    expect(none.json).toMatchObject({ username: 'Partly Patched', billingAddress: { city: 'Hamburg', country: 'DE' } })
  })

  it('GET and PATCH /api/users/me read and change the profile', async () => {
    const me = await signedIn()
    const read = await send(api.me.get, { as: me })
    expect(read.status).toBe(200)
    expect(read.json).toMatchObject({ id: me.id, authenticated: true })
    const changed = await send(api.me.patch, {
      as: me,
      method: 'PATCH',
      // The whole editable profile, as the account page sends it.
      body: {
        ...read.json,
        username: 'Renamed Shopper',
        billingAddress: { ...(read.json.billingAddress as object), country: 'DE', city: 'Berlin' },
      },
    })
    expect(changed.status, changed.text).toBe(200)
    expect(changed.json).toMatchObject({
      username: 'Renamed Shopper',
      billingAddress: { country: 'DE', city: 'Berlin' },
    })
  })

  it('POST /api/orders places an order once per key; GET lists it and reads it', async () => {
    const me = await signedIn()
    const key = `key-${randomBytes(8).toString('hex')}`
    const input = { ...orderInput(await pickSku(db, 'topup')), idempotencyKey: undefined }
    const placed = await send(api.orders.create, { as: me, body: input, headers: { 'idempotency-key': key } })
    expect(placed.status, placed.text).toBe(201)
    expect(placed.headers.get('idempotent-replayed')).toBe('false')
    const orderId = placed.json.id as string
    const replay = await send(api.orders.create, { as: me, body: input, headers: { 'idempotency-key': key } })
    expect(replay.status).toBe(200)
    expect(replay.json.id).toBe(orderId)

    const list = await send(api.orders.list, { as: me, path: '/api/orders?page=1&pageSize=5' })
    expect(list.status).toBe(200)
    expect(list.json).toMatchObject({
      page: 1,
      pageSize: 5,
      total: 1,
      items: [expect.objectContaining({ id: orderId })],
    })
    const one = await send(api.orders.list, { as: me, path: `/api/orders?id=${orderId}` })
    expect(one.json).toMatchObject({ id: orderId })
    const detail = await send(api.order, { as: me, params: { id: orderId } })
    expect(detail.status).toBe(200)
    expect(detail.json).toMatchObject({ id: orderId, subtotalMinor: expect.any(Number) })
    // A long poll on a status the order is not in answers at once.
    const waited = await send(api.order, {
      as: me,
      params: { id: orderId },
      path: `/api/orders/${orderId}?waitWhile=delivered`,
    })
    expect(waited).toMatchObject({ status: 200, json: { id: orderId } })
  })

  it('GET /api/orders/{id}?waitWhile= answers once the order moves on (a long poll, woken by the payment)', async () => {
    const me = await signedIn()
    const orderId = await orderOf(me)
    const started = await send(api.pay, { as: me, body: { orderId, method: 'wallet' } })
    const txnId = new URL(started.json.redirectUrl as string).searchParams.get('id')!
    const poll = send(api.order, {
      as: me,
      params: { id: orderId },
      path: `/api/orders/${orderId}?waitWhile=awaiting_payment`,
    })
    await send(api.localWallet.post, {
      raw: new URLSearchParams({ id: txnId, decision: 'approve' }).toString(),
      type: 'application/x-www-form-urlencoded',
    })
    await settle(db)
    const answer = await poll
    expect(answer.status).toBe(200)
    expect(answer.json).toMatchObject({ id: orderId })
    expect(answer.json.status).not.toBe('awaiting_payment')
  })

  it('POST /api/pay by card, then the gateway card page takes the card and sends the shopper back', async () => {
    const me = await signedIn()
    const orderId = await orderOf(me)
    const started = await send(api.pay, { as: me, body: { orderId, method: 'card' } })
    expect(started.status, started.text).toBe(201)
    const redirect = new URL(started.json.redirectUrl as string)
    expect(redirect.pathname).toBe('/api/pay/pacypay/cashier-desk/transactions')
    const txnId = redirect.searchParams.get('id')!

    const page = await send(api.cashierDesk.get, { path: `${redirect.pathname}${redirect.search}` })
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8')
    const form = new URLSearchParams({ id: txnId, number: '4242424242424242', expiry: '12/39', cvc: '123' })
    const paid = await send(api.cashierDesk.post, {
      path: redirect.pathname,
      raw: form.toString(),
      type: 'application/x-www-form-urlencoded',
    })
    expect(paid.status).toBe(303)
    expect(paid.headers.get('location')).toContain(orderId)
    // Paid: the page now only sends the shopper back.
    expect((await send(api.cashierDesk.get, { path: `${redirect.pathname}${redirect.search}` })).status).toBe(303)
  })

  it('POST /api/pay by wallet, then the wallet page approves and sends the shopper back', async () => {
    const me = await signedIn()
    const orderId = await orderOf(me)
    const started = await send(api.pay, { as: me, body: { orderId, method: 'wallet' } })
    expect(started.status, started.text).toBe(201)
    const redirect = new URL(started.json.redirectUrl as string)
    expect(redirect.pathname).toBe('/api/pay/pacypay/local-wallet/transactions')
    const txnId = redirect.searchParams.get('id')!
    expect((await send(api.localWallet.get, { path: `${redirect.pathname}${redirect.search}` })).status).toBe(200)
    const approved = await send(api.localWallet.post, {
      raw: new URLSearchParams({ id: txnId, decision: 'approve' }).toString(),
      type: 'application/x-www-form-urlencoded',
    })
    expect(approved.status).toBe(303)
    expect(approved.headers.get('location')).toContain(orderId)
  })

  it('POST /api/captcha/email mails a code (202), and /api/v2/customers/email opens the account with it', async () => {
    const address = email('new')
    const asked = await send(api.captcha, { body: { email: address, locale: 'de' } })
    expect(asked).toMatchObject({ status: 202, json: { sent: true } })
    // The mailed code is stored hashed: a second one, issued here, is the one the shopper types.
    const code = await issueEmailCode(db, address, 'signup')
    const created = await send(api.customersEmail, {
      body: { email: address, code, password: 'Passw0rd!', locale: 'fr' },
    })
    expect(created.status, created.text).toBe(201)
    const [user] = await db.select().from(t.users).where(eq(t.users.email, address))
    expect(created.json).toEqual({ id: user!.id })
  })

  it('POST /api/accounts/email/reset-pass sets a new password with a reset code and ends the sessions', async () => {
    const me = await signedIn()
    const [row] = await db.select().from(t.users).where(eq(t.users.id, me.id))
    const code = await issueEmailCode(db, row!.email, 'reset')
    const res = await send(api.resetPass, { body: { email: row!.email, code, password: 'N3w-passphrase' } })
    expect(res).toMatchObject({ status: 200, json: { ok: true } })
    const [after] = await db.select().from(t.users).where(eq(t.users.id, me.id))
    expect(await verifyPassword('N3w-passphrase', after!.passwordHash!)).toBe(true)
    expect((await send(api.me.get, { headers: { cookie: me.cookie } })).status).toBe(401)
  })

  it('the public catalogue doors answer with shared-cacheable JSON', async () => {
    const calls: [Handler, string][] = [
      [api.cmsLinks, '/api/cms/links?locale=de'],
      [api.latestGames, '/api/cms/articles/games/latest?locale=fr&limit=3'],
      [api.navigation, '/api/product/categories/navigation?locale=es'],
      [api.umf, '/api/third-party/payments/umf?currency=usd&country=us'],
    ]
    for (const [handler, url] of calls) {
      const res = await send(handler, { path: url })
      expect(res.status, url).toBe(200)
      expect(res.headers.get('cache-control'), url).toMatch(/^public, max-age=0, s-maxage=\d+/)
    }
    const methods = await send(api.umf, { path: '/api/third-party/payments/umf?currency=usd&country=us' })
    expect(methods.json).toMatchObject({ currency: 'USD', country: 'US', methods: expect.any(Array) })
    const latest = await send(api.latestGames, { path: '/api/x?limit=3' })
    expect(Array.isArray(latest.json) && latest.json.length <= 3).toBe(true)
  })

  it('POST /api/workshop/clock moves the app clock for an admin when ALLOW_TEST_CLOCK is on', async () => {
    restore = overrideConfig({ ALLOW_TEST_CLOCK: 'true' })
    try {
      const res = await send(api.clock, { as: await signedIn('admin'), body: { advanceDays: 2 } })
      expect(res.status, res.text).toBe(200)
      expect(res.json).toMatchObject({ offsetMs: 2 * DAY_MS, released: expect.any(Number) })
      expect(Date.parse(res.json.now as string) - Date.now()).toBeGreaterThan(DAY_MS)
    } finally {
      setClockOffset(0)
      await db.delete(t.meta).where(eq(t.meta.key, TEST_CLOCK_KEY))
    }
  })

  it('POST /api/workshop/player-fix-expiry ends the window of an order waiting for player details', async () => {
    restore = overrideConfig({ ALLOW_TEST_FIXTURES: 'true' })
    const orderId = await orderOf(await signedIn())
    const notWaiting = await send(api.playerFixExpiry, { body: { orderId } })
    expect(notWaiting).toMatchObject({ status: 404, json: { error: { code: 'NOT_FOUND' } } })
    await db.update(t.orders).set({ status: 'needs_player_details' }).where(eq(t.orders.id, orderId))
    const ended = await send(api.playerFixExpiry, { body: { orderId } })
    expect(ended).toMatchObject({ status: 200, json: { orderId } })
    const [order] = await db.select().from(t.orders).where(eq(t.orders.id, orderId))
    expect(order!.playerFixUntil!.getTime()).toBeLessThan(Date.now())
  })
})

/**
 * Bad input the database itself refuses: a NUL character in a free-text field (22021) or a number
 * beyond its column (22003) is a 400 with a code, never a 500 (errors/app-error.ts maps SQL state
 * class 22; the SKU id is also bounded in the order schema).
 */
describe('input the database refuses is a 400, not a 500', () => {
  type Case = [name: string, call: () => Promise<Answer>]
  const promoter = async (): Promise<Who> => {
    const { userId } = await makePromoter(db)
    return { id: userId, cookie: await sessionCookie(db, userId) }
  }
  const profileWith = async (me: Who, change: (p: Record<string, unknown>) => Record<string, unknown>) => {
    const profile = (await send(api.me.get, { as: me })).json
    return send(api.me.patch, { as: me, method: 'PATCH', body: change(profile) })
  }
  const known: Case[] = [
    [
      'PATCH /api/users/me: NUL in the username',
      async () => profileWith(await signedIn(), (p) => ({ ...p, username: 'ab\u0000cd' })),
    ],
    [
      'PATCH /api/users/me: NUL in the billing city',
      async () =>
        profileWith(await signedIn(), (p) => ({
          ...p,
          billingAddress: { ...(p.billingAddress as object), city: 'Ber\u0000lin' },
        })),
    ],
    [
      'POST /api/orders: NUL in the coupon code',
      async () =>
        send(api.orders.create, {
          as: await signedIn(),
          body: { ...orderInput(await pickSku(db, 'topup')), couponCode: 'SAVE\u000010' },
        }),
    ],
    [
      'POST /api/orders: a SKU id beyond int4',
      async () =>
        send(api.orders.create, {
          as: await signedIn(),
          body: { ...orderInput(await pickSku(db, 'topup')), items: [{ skuId: 2_147_483_648, quantity: 1 }] },
        }),
    ],
    [
      'POST /api/ms/referral/links: NUL in the campaign',
      async () => send(routeHandler(LinksRoute, 'POST'), { as: await promoter(), body: { campaign: 'spring\u0000' } }),
    ],
    [
      'PATCH /api/ms/referral/links/{id}: NUL in the campaign',
      async () => {
        const as = await promoter()
        const link = await send(routeHandler(LinksRoute, 'POST'), { as, body: { campaign: 'spring' } })
        return send(routeHandler(LinkRoute, 'PATCH'), {
          as,
          method: 'PATCH',
          params: { id: String(link.json.id) },
          body: { campaign: 'summer\u0000' },
        })
      },
    ],
    [
      'POST /api/orders/{id}/refund (staff): NUL in the reason',
      async () => {
        const shopper = await signedIn()
        const orderId = await orderOf(shopper)
        await pay(db, shopper.id, orderId, 'card-ok', hook.url)
        await settle(db)
        return send(routeHandler(RefundRoute, 'POST'), {
          as: await signedIn('admin'),
          params: { id: orderId },
          body: { reason: 'late\u0000' },
        })
      },
    ],
  ]
  it.each(known)('%s answers 400 INVALID_INPUT with a code', async (_name, call) => {
    const res = await call()
    expect(res.status).toBe(400)
    expect(res.json.error?.code).toBe('INVALID_INPUT')
    expect(res.json.error?.issues?.[0]?.message).toMatch(/^(invalid_characters|out_of_range|Too big|.*2147483647.*)/)
  })
})

/**
 * A staff refund as adminRefundFn and POST /api/orders/:id/refund make it: the door's staff gate
 * first (opened here on a plain Request with the test's database and resolver), then
 * `refundAsStaff(db, staff, id, input)`.
 */
describe('staff refund behind the staff gate (adminRefundFn, POST /api/orders/:id/refund)', () => {
  const refundAs = async (who: Who | undefined, id: string, input: unknown) => {
    const door = await openDoor(
      new Request('http://shop.test/_serverFn/adminRefundFn', {
        method: 'POST',
        headers: who ? { [TEST_USER_HEADER]: who.id } : {},
      }),
      { db, resolve: testUser },
    )
    return refundAsStaff(door.db, await door.staff(), id, input)
  }

  it('is 401 for a visitor and 403 for a customer, before looking at the input', async () => {
    await expect(refundAs(undefined, 'not-a-uuid', { amountMinor: -1 })).rejects.toMatchObject({
      code: 'UNAUTHENTICATED',
      status: 401,
    })
    await expect(refundAs(await signedIn(), UUID, {})).rejects.toMatchObject({
      code: 'FORBIDDEN',
      status: 403,
    })
  })

  const bad: [name: string, id: string, input: unknown, code: string, status: number][] = [
    ['an id that cannot name an order', 'not-a-uuid', {}, 'NOT_FOUND', 404],
    ['an order that does not exist', UUID, {}, 'NOT_FOUND', 404],
    ['a zero amount', UUID, { amountMinor: 0 }, 'INVALID_INPUT', 400],
    ['an amount as a string', UUID, { amountMinor: '5' }, 'INVALID_INPUT', 400],
    ['a fractional amount', UUID, { amountMinor: 1.5 }, 'INVALID_INPUT', 400],
    ['a reason over 500 characters', UUID, { reason: 'x'.repeat(501) }, 'INVALID_INPUT', 400],
    ['input that is not an object', UUID, 'all of it', 'INVALID_INPUT', 400],
  ]
  it.each(bad)('refuses %s for an admin', async (_name, id, input, code, status) => {
    await expect(refundAs(await signedIn('admin'), id, input)).rejects.toMatchObject({
      code,
      status,
    })
  })

  it('refunds a captured order for an admin; the support role only up to its limit', async () => {
    let restore = () => {}
    try {
      const shopper = await signedIn()
      const orderId = await orderOf(shopper)
      await pay(db, shopper.id, orderId, 'card-ok', hook.url)
      await settle(db)
      expect(hook.hits()).toBeGreaterThan(0)
      restore = overrideConfig({ SUPPORT_REFUND_LIMIT_MINOR: '1' })
      await expect(refundAs(await signedIn('support'), orderId, {})).rejects.toMatchObject({
        code: 'FORBIDDEN',
        issues: [{ message: 'above_refund_limit' }],
      })
      const done = await refundAs(await signedIn('admin'), orderId, { reason: 'test' })
      expect(done).toMatchObject({ orderId, amountMinor: expect.any(Number) })
      expect(done.amountMinor).toBeGreaterThan(0)
      const rows = await db.select().from(t.refunds).where(eq(t.refunds.orderId, orderId))
      expect(rows.map((r) => r.id)).toEqual('refundIds' in done ? done.refundIds : undefined)
    } finally {
      restore()
    }
  })
})

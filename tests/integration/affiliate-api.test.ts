/**
 * The /api/ms/* door: who may call what (401 / 403 / 400 with codes), response shapes, and the
 * referral visit (302 with a pending cookie, confirmed by the landing page's script). The route
 * handlers are called in-process with plain Requests, signed in with a test header through the
 * door's resolver.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { Route as PromotersRoute } from '../../src/routes/api/ms/promoters'
import { Route as BalanceRoute } from '../../src/routes/api/ms/referral/balance'
import { Route as LinkRoute } from '../../src/routes/api/ms/referral/links/$id'
import { Route as LinksRoute } from '../../src/routes/api/ms/referral/links/index'
import { Route as PerformanceRoute } from '../../src/routes/api/ms/referral/performance'
import { Route as ReconciliationRoute } from '../../src/routes/api/ms/referral/reconciliation'
import { Route as WithdrawalRoute } from '../../src/routes/api/ms/withdrawals/$id'
import { Route as WithdrawalsRoute } from '../../src/routes/api/ms/withdrawals/index'
import { onOrderDelivered, onOrderPaid, releaseDueCommissions } from '../../src/modules/affiliate/commission.server'
import { ATTRIBUTION_COOKIE, PENDING_COOKIE, VISITOR_COOKIE } from '../../src/modules/affiliate/cookies'
import { reconcileLedger } from '../../src/modules/affiliate/reconcile.server'
import { bindReferredUser } from '../../src/modules/affiliate/referral.server'
import { confirmReferralVisit, referralVisit, type VisitInput } from '../../src/modules/affiliate/visit.server'
import { TELEGRAM_IN_APP_UA, WHATSAPP_IN_APP_UA, WHATSAPP_PREVIEW_UA } from '../fixtures/user-agents'
import type { Db } from '../../src/server/db/client'
import type { HandlerCtx } from '../../src/modules/door/rest.server'
import { routeHandler, TEST_USER_HEADER, testUser } from './doors'
import {
  BROWSER_UA,
  makeOrder,
  makePromoter,
  makeUser,
  openTestDb,
  setOrderStatus,
  testClock,
  type TestDb,
} from './affiliate-fixtures'
import * as t from '../../src/server/db/schema'
import { eq } from 'drizzle-orm'

let env: TestDb
let db: Db
const clock = testClock(new Date('2026-05-10T09:00:00Z'))
let shopper: string
let promoter: Awaited<ReturnType<typeof makePromoter>>
let operator: string
let support: string

type Handler = (ctx: HandlerCtx) => Promise<Response>

/** The /api/ms/* route handlers, called in-process as Start would call them. */
const promotersApi = { get: routeHandler(PromotersRoute, 'GET'), post: routeHandler(PromotersRoute, 'POST') }
const linksApi = {
  list: routeHandler(LinksRoute, 'GET'),
  create: routeHandler(LinksRoute, 'POST'),
  update: routeHandler(LinkRoute, 'PATCH'),
  remove: routeHandler(LinkRoute, 'DELETE'),
}
const referralApi = {
  balance: routeHandler(BalanceRoute, 'GET'),
  performance: routeHandler(PerformanceRoute, 'GET'),
  reconciliation: routeHandler(ReconciliationRoute, 'GET'),
}
const withdrawalsApi = {
  list: routeHandler(WithdrawalsRoute, 'GET'),
  create: routeHandler(WithdrawalsRoute, 'POST'),
  act: routeHandler(WithdrawalRoute, 'POST'),
}
/** A JSON answer: an error envelope or a resource, read loosely by the assertions. */
type Body = { error: { code: string; issues: { message: string }[] } } & Record<string, unknown>

const cookiePairs = (setCookies: string[]) => setCookies.map((c) => c.split(';')[0]!).join('; ')

/**
 * A person following a referral link: the redirect, then the landing page's script confirming the
 * click with the cookies the redirect set (as a browser, in-app ones included, does).
 */
async function followLink(url: string, input: VisitInput, userAgent: string) {
  const visit = await referralVisit(db, new Request(url, { headers: { 'user-agent': userAgent } }), input)
  const confirmed = await confirmReferralVisit(
    db,
    new Request('http://shop.test/_serverFn/confirm', {
      method: 'POST',
      headers: { 'user-agent': userAgent, cookie: cookiePairs(visit.cookies) },
    }),
  )
  return { visit, confirmed }
}

const attributionOf = (setCookies: string[]) =>
  /=([^;]+)/.exec(setCookies.find((c) => c.startsWith(`${ATTRIBUTION_COOKIE}=`)) ?? '')?.[1]

/** Calls a route handler as Start would (errors become coded JSON) and reads the answer. */
async function call(
  handler: Handler,
  opts: {
    as?: string
    method?: string
    path?: string
    body?: unknown
    raw?: string
    params?: Record<string, string>
  } = {},
) {
  const headers = new Headers({ 'content-type': 'application/json' })
  if (opts.as) headers.set(TEST_USER_HEADER, opts.as)
  const request = new Request(`http://shop.test${opts.path ?? '/api/ms/x'}`, {
    method: opts.method ?? (opts.body !== undefined || opts.raw !== undefined ? 'POST' : 'GET'),
    headers,
    body: opts.raw ?? (opts.body !== undefined ? JSON.stringify(opts.body) : undefined),
  })
  const response = await handler({ request, params: opts.params, deps: { db, resolve: testUser } })
  const text = await response.text()
  return { status: response.status, body: text ? (JSON.parse(text) as Body) : undefined }
}

beforeAll(async () => {
  env = await openTestDb()
  db = env.db
  shopper = await makeUser(db, 'plain')
  promoter = await makePromoter(db)
  const [op] = await db.insert(t.users).values({ email: 'ops@example.test', role: 'admin' }).returning()
  operator = op.id
  const [helper] = await db.insert(t.users).values({ email: 'support@example.test', role: 'support' }).returning()
  support = helper.id
})
afterAll(async () => {
  clock.restore()
  await env?.close()
})
afterEach(async () => {
  expect((await reconcileLedger(db)).problems).toEqual([])
})

describe('who may call what', () => {
  type Case = [name: string, handler: Handler, opts?: Record<string, unknown>]
  const promoterOnly: Case[] = [
    ['GET /api/ms/promoters', promotersApi.get],
    ['GET /api/ms/referral/links', linksApi.list],
    ['POST /api/ms/referral/links', linksApi.create, { body: { target: '/news' } }],
    ['PATCH /api/ms/referral/links/1', linksApi.update, { body: { campaign: 'x' }, params: { id: '1' } }],
    ['DELETE /api/ms/referral/links/1', linksApi.remove, { method: 'DELETE', params: { id: '1' } }],
    ['GET /api/ms/referral/balance', referralApi.balance],
    ['GET /api/ms/referral/performance', referralApi.performance],
    ['GET /api/ms/withdrawals', withdrawalsApi.list],
    ['POST /api/ms/withdrawals', withdrawalsApi.create, { body: { amountMinor: 2000 } }],
  ]
  const operatorOnly: Case[] = [
    ['GET /api/ms/referral/reconciliation', referralApi.reconciliation],
    ['GET /api/ms/withdrawals?scope=open', withdrawalsApi.list, { path: '/api/ms/withdrawals?scope=open' }],
    [
      'POST /api/ms/withdrawals/{id}',
      withdrawalsApi.act,
      { body: { action: 'approve' }, params: { id: '00000000-0000-4000-8000-000000000000' } },
    ],
  ]

  const everything: Case[] = [
    ...promoterOnly,
    ...operatorOnly,
    ['POST /api/ms/promoters', promotersApi.post, { body: {} }],
  ]
  it.each(everything)('%s is 401 without a session', async (_name, handler, opts) => {
    const res = await call(handler, { ...opts })
    expect(res.status).toBe(401)
    expect(res.body?.error.code).toBe('UNAUTHENTICATED')
  })

  it.each(promoterOnly)('%s is 403 for a signed-in non-promoter', async (_name, handler, opts) => {
    const res = await call(handler, { ...opts, as: shopper })
    expect(res.status).toBe(403)
    expect(res.body?.error.code).toBe('FORBIDDEN')
  })

  it.each(operatorOnly)(
    '%s is 403 for a promoter and for the support role (admins only)',
    async (_name, handler, opts) => {
      const res = await call(handler, { ...opts, as: promoter.userId })
      expect(res.status).toBe(403)
      const bySupport = await call(handler, { ...opts, as: support })
      expect(bySupport.status).toBe(403)
      expect(bySupport.body?.error.issues).toEqual([expect.objectContaining({ message: 'admin_only' })])
    },
  )

  it('answers 400 with codes for bad input', async () => {
    const as = promoter.userId
    const cases: [Handler, Record<string, unknown>, string][] = [
      [linksApi.create, { body: { target: 'https://evil.test/' } }, 'invalid_target'],
      [linksApi.create, { body: { target: '/news', campaign: 'x'.repeat(65) } }, 'campaign_too_long'],
      [linksApi.create, { raw: '{not json' }, 'invalid_json'],
      [
        referralApi.performance,
        { path: '/api/ms/referral/performance?from=2026-05-02&to=2026-05-01' },
        'from_after_to',
      ],
      [referralApi.performance, { path: '/api/ms/referral/performance?from=2020-01-01' }, 'range_too_long'],
      [referralApi.performance, { path: '/api/ms/referral/performance?to=yesterday' }, 'invalid_date'],
      [
        withdrawalsApi.create,
        { body: { amountMinor: 2500, payout: { method: 'iban', iban: 'DE00 1234' } } },
        'invalid_iban',
      ],
      [
        withdrawalsApi.create,
        { body: { amountMinor: 1999, payout: { method: 'wallet', email: 'a@b.co' } } },
        'below_minimum',
      ],
      [
        withdrawalsApi.create,
        { body: { amountMinor: -5, payout: { method: 'wallet', email: 'a@b.co' } } },
        'invalid_amount',
      ],
    ]
    for (const [handler, opts, message] of cases) {
      const res = await call(handler, { ...opts, as })
      expect(res.status, message).toBe(400)
      expect(res.body?.error.code, message).toBe('INVALID_INPUT')
      expect(
        res.body?.error.issues.map((i: { message: string }) => i.message),
        message,
      ).toContain(message)
    }
    const reject = await call(withdrawalsApi.act, {
      as: operator,
      body: { action: 'reject' },
      params: { id: '00000000-0000-4000-8000-000000000000' },
    })
    expect(reject.status).toBe(400)
    const missing = await call(withdrawalsApi.act, { as: operator, body: { action: 'pay' }, params: { id: 'nope' } })
    expect(missing.status).toBe(404)
  })
})

describe('a promoter through the API', () => {
  it('becomes a promoter once, with a unique code', async () => {
    const user = await makeUser(db)
    const first = await call(promotersApi.post, { as: user, body: { currency: 'EUR' } })
    expect(first.status).toBe(201)
    expect(first.body).toMatchObject({ userId: user, currency: 'EUR', rateBps: 500 })
    expect(first.body?.promoteCode).toMatch(/^[A-Z0-9]{8}$/)
    const again = await call(promotersApi.post, { as: user, body: {} })
    expect(again.status).toBe(200)
    expect(again.body?.promoteCode).toBe(first.body?.promoteCode)
    const [row] = await db.select().from(t.users).where(eq(t.users.id, user))
    expect(row.promoter).toBe(true)
    expect((await call(promotersApi.get, { as: user })).body?.promoteCode).toBe(first.body?.promoteCode)
  })

  it('manages links, follows a click to an order, and reports per link and per day', async () => {
    const as = promoter.userId
    const created = await call(linksApi.create, { as, body: { target: '/news?x=1', campaign: 'spring' } })
    expect(created.status).toBe(201)
    const link = created.body as Body & { id: number; code: string }
    expect(link).toMatchObject({ target: '/news?x=1', campaign: 'spring', clicks: 0 })

    // A visitor arrives by the link under /fr, signs up and buys.
    const { visit, confirmed } = await followLink(
      `http://shop.test/fr/affiliate/reflink/${link.code.toLowerCase()}`,
      { code: link.code.toLowerCase(), locale: 'fr' },
      BROWSER_UA,
    )
    expect(visit.location).toBe('/fr/news?x=1')
    // The redirect only marks the click as pending; the page's confirmation records it.
    expect(visit.cookies).toEqual([expect.stringMatching(new RegExp(`^${PENDING_COOKIE}=`))])
    expect(confirmed.recorded).toBe(true)
    const cookies = confirmed.cookies
    expect(cookies.find((c) => c.startsWith(`${VISITOR_COOKIE}=`))).toMatch(/HttpOnly; SameSite=Lax/)
    const attribution = cookies.find((c) => c.startsWith(`${ATTRIBUTION_COOKIE}=`))!
    expect(attribution).toContain('Max-Age=2592000')
    const clickId = /=([^;]+)/.exec(attribution)![1]

    const buyer = await makeUser(db)
    expect(await bindReferredUser(db, buyer, clickId)).toMatchObject({ bound: true, linkId: link.id })
    const orderId = await makeOrder(db, { userId: buyer, subtotal: 40_000 })
    await onOrderPaid(db, orderId)
    await setOrderStatus(db, orderId, 'delivered')
    await onOrderDelivered(db, orderId)

    const links = (await call(linksApi.list, { as })).body as unknown as Record<string, unknown>[]
    expect(links[0]).toMatchObject({ id: null, code: promoter.promoteCode, target: '/' })
    expect(links.find((l) => l.id === link.id)).toMatchObject({
      clicks: 1,
      signups: 1,
      orders: 1,
      revenue: 40_000,
      commission: 2_000,
      conversionRate: 100,
    })
    const day = '2026-05-10'
    const perf = await call(referralApi.performance, {
      as,
      path: `/api/ms/referral/performance?from=2026-05-09&to=${day}`,
    })
    expect(perf.body).toMatchObject({ from: '2026-05-09', to: day, currency: 'USD' })
    expect(perf.body?.days).toEqual([
      { date: '2026-05-09', clicks: 0, signups: 0, orders: 0, revenue: 0, commission: 0 },
      { date: day, clicks: 1, signups: 1, orders: 1, revenue: 40_000, commission: 2_000 },
    ])
    expect((await call(referralApi.performance, { as })).body?.days).toHaveLength(30)

    expect((await call(referralApi.balance, { as })).body).toEqual({
      currency: 'USD',
      pending: 2_000,
      available: 0,
      processing: 0,
      withdrawn: 0,
    })
    clock.advanceDays(14)
    await releaseDueCommissions(db)
    const w = await call(withdrawalsApi.create, {
      as,
      body: { amountMinor: 2_000, payout: { method: 'iban', iban: 'GB82 WEST 1234 5698 7654 32' } },
    })
    expect(w.status).toBe(201)
    expect(w.body).toMatchObject({ status: 'requested', destination: 'GB82 •••• 5432' })
    const queue = await call(withdrawalsApi.list, { as: operator, path: '/api/ms/withdrawals?scope=open' })
    expect(queue.body).toEqual([expect.objectContaining({ id: w.body?.id, destination: 'GB82WEST12345698765432' })])
    for (const action of ['approve', 'pay']) {
      expect(
        (await call(withdrawalsApi.act, { as: operator, body: { action }, params: { id: String(w.body!.id) } })).status,
      ).toBe(200)
    }
    expect((await call(withdrawalsApi.list, { as })).body).toEqual([expect.objectContaining({ status: 'paid' })])
    expect((await call(referralApi.balance, { as })).body).toMatchObject({ available: 0, withdrawn: 2_000 })
    const report = await call(referralApi.reconciliation, { as: operator })
    expect(report.body).toMatchObject({ ok: true, problems: [] })

    // Edit and archive: an archived link no longer resolves but keeps its history.
    const edited = await call(linksApi.update, { as, body: { campaign: '' }, params: { id: String(link.id) } })
    expect(edited.body).toMatchObject({ campaign: null, clicks: 1 })
    expect((await call(linksApi.remove, { as, method: 'DELETE', params: { id: String(link.id) } })).status).toBe(204)
    expect((await call(linksApi.remove, { as, method: 'DELETE', params: { id: String(link.id) } })).status).toBe(404)
    const gone = await referralVisit(db, new Request('http://shop.test/', { headers: { 'user-agent': BROWSER_UA } }), {
      code: link.code,
    })
    expect(gone.location).toBe('/')
    expect(gone.cookies).toEqual([])
  })

  it("does not let a promoter touch another promoter's link", async () => {
    const other = await makePromoter(db)
    const created = await call(linksApi.create, { as: other.userId, body: {} })
    const res = await call(linksApi.update, {
      as: promoter.userId,
      body: { campaign: 'mine' },
      params: { id: String(created.body!.id) },
    })
    expect(res.status).toBe(404)
  })

  it('counts clicks from in-app browsers and never from link-preview fetches, and keeps ?ref= visits on the page', async () => {
    const clicksOf = async () =>
      (await db.select().from(t.referralClicks).where(eq(t.referralClicks.promoterId, promoter.userId))).length
    const before = await clicksOf()

    // A preview fetcher (WhatsApp's names no "bot") follows the redirect but runs no script and
    // sends no cookie back: nothing is counted, whatever its name.
    const preview = await referralVisit(
      db,
      new Request('http://shop.test/affiliate/reflink/x', { headers: { 'user-agent': WHATSAPP_PREVIEW_UA } }),
      { code: promoter.promoteCode },
    )
    expect(preview.cookies).toEqual([expect.stringMatching(new RegExp(`^${PENDING_COOKIE}=`))])
    const noCookies = new Request('http://shop.test/_serverFn/confirm', {
      method: 'POST',
      headers: { 'user-agent': WHATSAPP_PREVIEW_UA },
    })
    expect(await confirmReferralVisit(db, noCookies)).toEqual({ recorded: false, cookies: [] })
    expect(await clicksOf()).toBe(before)

    // Friends opening the link inside Telegram's and WhatsApp's browsers count, and their sign-ups
    // are attributed to the promoter.
    for (const ua of [TELEGRAM_IN_APP_UA, WHATSAPP_IN_APP_UA]) {
      const { confirmed } = await followLink(
        'http://shop.test/affiliate/reflink/x',
        { code: promoter.promoteCode.toLowerCase() },
        ua,
      )
      expect(confirmed.recorded, ua).toBe(true)
      const friend = await makeUser(db)
      expect(await bindReferredUser(db, friend, attributionOf(confirmed.cookies))).toMatchObject({
        bound: true,
        promoterId: promoter.userId,
      })
    }
    expect(await clicksOf()).toBe(before + 2)

    // A HEAD request (link checker) gets no pending cookie at all.
    const head = await referralVisit(
      db,
      new Request('http://shop.test/affiliate/reflink/x', { method: 'HEAD', headers: { 'user-agent': BROWSER_UA } }),
      { code: promoter.promoteCode },
    )
    expect(head.cookies).toEqual([])

    const ref = await followLink(
      'http://shop.test/offer/1?ref=x',
      { code: promoter.promoteCode, target: '/offer/1' },
      BROWSER_UA,
    )
    expect(ref.visit.location).toBe('/offer/1')
    expect(ref.confirmed.cookies).toHaveLength(3)
  })
})

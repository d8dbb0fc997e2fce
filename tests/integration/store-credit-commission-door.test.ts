/**
 * The store-credit doors of the affiliate dashboard (ADR 059) over HTTP as Start's client calls
 * them, against the built server: a visitor gets 401, a shopper 403, bad input 400 with its code,
 * the use case's refusals their own status (409) and code; a promoter with available commission
 * moves part of it and sees it in the credit summary. The rules themselves are covered in
 * store-credit-commission.test.ts.
 */
import { fromCrossJSON, toJSONAsync } from 'seroval'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestUser, TestUserInput } from '../../src/modules/workshop/test-users.schemas'
import { Browser, signInViaStorefront, startServer, type RunningServer } from './auth-helpers'
import { serverFnId } from './built-server-fns'

const NOT_AN_ORDER = '00000000-0000-4000-8000-000000000000'

let server: RunningServer
const visitor = () => new Browser(server.base)
let shopper: Browser
let promoter: Browser

async function call(browser: Browser, name: string, method: 'GET' | 'POST', data?: unknown) {
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

/** The function's answer, decoded as Start's client decodes it. */
function answer(text: string): unknown {
  return (fromCrossJSON(JSON.parse(text), { refs: new Map() }) as { result: unknown }).result
}

async function signedIn(input: TestUserInput): Promise<Browser> {
  const made = await fetch(`${server.base}/api/workshop/test-users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(input),
  })
  expect(made.status).toBe(201)
  const user = (await made.json()) as TestUser
  const browser = new Browser(server.base)
  await signInViaStorefront(browser, { email: user.email, password: user.password })
  return browser
}

beforeAll(async () => {
  server = await startServer({ ALLOW_TEST_FIXTURES: 'true' })
  shopper = await signedIn({})
  // 5% of 100.00 released at once: 5.00 available.
  promoter = await signedIn({ promoter: true, referredOrderMinor: 10_000 })
}, 240_000)
afterAll(async () => {
  await server?.stop()
})

const DOORS: Array<{ name: string; method: 'GET' | 'POST'; valid?: unknown }> = [
  { name: 'getCreditSummaryFn', method: 'GET' },
  { name: 'moveToCreditFn', method: 'POST', valid: { amountMinor: 1 } },
  { name: 'movePendingToCreditFn', method: 'POST', valid: { orderId: NOT_AN_ORDER } },
  { name: 'moveAllPendingToCreditFn', method: 'POST' },
]

describe('store-credit server functions of the affiliate dashboard', () => {
  it.each(DOORS)('$name: 401 visitor, 403 shopper', async (door) => {
    const anonymous = await call(visitor(), door.name, door.method, door.valid)
    expect(anonymous.status, anonymous.text.slice(0, 200)).toBe(401)
    const notPromoter = await call(shopper, door.name, door.method, door.valid)
    expect(notPromoter.status, notPromoter.text.slice(0, 200)).toBe(403)
  })

  it('bad input is 400 with a code; the use case refusals keep their status and code', async () => {
    const wrongType = await call(promoter, 'moveToCreditFn', 'POST', { amountMinor: 'all' })
    expect(wrongType.status, wrongType.text.slice(0, 200)).toBe(400)
    expect(wrongType.text).toMatch(/invalid_type/)
    const negative = await call(promoter, 'moveToCreditFn', 'POST', { amountMinor: -5 })
    expect(negative.status, negative.text.slice(0, 200)).toBe(400)
    expect(negative.text).toContain('invalid_amount')
    const badOrder = await call(promoter, 'movePendingToCreditFn', 'POST', { orderId: 'x' })
    expect(badOrder.status, badOrder.text.slice(0, 200)).toBe(400)
    expect(badOrder.text).toContain('invalid_order')
    const tooMuch = await call(promoter, 'moveToCreditFn', 'POST', { amountMinor: 501 })
    expect(tooMuch.status, tooMuch.text.slice(0, 200)).toBe(409)
    expect(tooMuch.text).toContain('above_available')
    const notMine = await call(promoter, 'movePendingToCreditFn', 'POST', { orderId: NOT_AN_ORDER })
    expect(notMine.status, notMine.text.slice(0, 200)).toBe(409)
    expect(notMine.text).toContain('not_movable')
  })

  it('a promoter moves part of the available commission and sees it as store credit', async () => {
    const moved = await call(promoter, 'moveToCreditFn', 'POST', { amountMinor: 200 })
    expect(moved.status, moved.text.slice(0, 200)).toBe(200)
    expect(answer(moved.text)).toMatchObject({
      ok: true,
      data: { amountMinor: 200, currency: 'USD', source: 'available' },
    })
    const summary = await call(promoter, 'getCreditSummaryFn', 'GET')
    expect(summary.status, summary.text.slice(0, 200)).toBe(200)
    expect(answer(summary.text)).toEqual({ currency: 'USD', creditMinor: 200, movable: [] })
    const balance = await call(promoter, 'getBalanceFn', 'GET')
    expect(answer(balance.text)).toMatchObject({ available: 300 })
  })
})

/**
 * The built server deployed the way production runs it (PostgreSQL, behind a proxy or not):
 * nothing seeded unless asked, PUBLIC_ORIGIN required and the Host header never echoed, oracles
 * (player check, coupon preview, the order's coupon field) rate limited per client and per user,
 * TRUST_PROXY deciding who the client is, and a sign-in lock-out that cannot lock the owner out.
 */
import { spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { request } from 'node:http'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { toJSONAsync } from 'seroval'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hashPassword } from '../../src/modules/accounts/password.server'
import type { DbHandle } from '../../src/server/db/client'
import { DEMO_ACCOUNTS } from '../../src/app/seed/demo-accounts'
import { offers, skuPrices, users } from '../../src/server/db/schema'
import { Browser, freePorts, signInViaStorefront, startServer, type RunningServer } from './auth-helpers'
import { createThrowawayDatabase, describeOnPostgres, type ThrowawayDatabase } from './throwaway-db'
import { serverFnId } from './built-server-fns'

const ROOT = path.resolve(import.meta.dirname, '../..')
const OPERATOR = { email: DEMO_ACCOUNTS.operator.email, password: DEMO_ACCOUNTS.operator.password }

/** Calls a server function the way Start's client does (seroval payload, JSON answer). */
async function callFn(browser: Browser, name: string, data: unknown, headers: Record<string, string> = {}) {
  const response = await browser.request(`/_serverFn/${serverFnId(name)}`, {
    method: 'POST',
    headers: {
      'x-tsr-serverfn': 'true',
      'content-type': 'application/json',
      accept: 'application/json',
      origin: browser.base,
      ...headers,
    },
    body: JSON.stringify(await toJSONAsync({ data })),
  })
  return { status: response.status, retryAfter: response.headers.get('retry-after'), text: await response.text() }
}

/** A POST with exactly these headers, Host included (fetch replaces Host with the URL's). */
function rawRequest(base: string, target: string, headers: Record<string, string>, body: string) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const url = new URL(target, base)
    const req = request(
      url,
      { method: 'POST', headers: { ...headers, 'content-length': Buffer.byteLength(body) } },
      (res) => {
        let text = ''
        res.on('data', (chunk: Buffer) => (text += chunk.toString()))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }))
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

/** Repeats `call` until it answers 429 (or `max` times); returns how many answered before. */
async function untilLimited(
  call: () => Promise<{ status: number; retryAfter: string | null; text: string }>,
  max = 200,
) {
  for (let answered = 0; answered < max; answered++) {
    const r = await call()
    expect(r.status, r.text).toBeLessThan(500)
    if (r.status === 429) return { answered, last: r }
  }
  throw new Error(`no 429 after ${max} calls`)
}

function expectLimited(r: { status: number; retryAfter: string | null; text: string }) {
  expect(r.status).toBe(429)
  expect(Number(r.retryAfter)).toBeGreaterThan(0)
  expect(r.text).toContain('RATE_LIMITED')
}

async function addUser(db: DbHandle, label: string) {
  const account = { email: `${label}-${randomUUID().slice(0, 8)}@test.example`, password: `Pw-${randomUUID()}` }
  await db.db.insert(users).values({
    email: account.email,
    passwordHash: await hashPassword(account.password),
    emailVerifiedAt: new Date(),
  })
  return account
}

/** The interaction's sign-in page, and a poster of credentials from a chosen client address. */
async function signInPage(browser: Browser) {
  const { url } = await browser.follow('/login', (u) => /^\/([a-z]{2}\/)?login\/[^/]+$/.test(u.pathname))
  await browser.request(url.href)
  return (account: { email: string; password: string }, clientIp: string) =>
    browser.request(url.pathname, {
      method: 'POST',
      body: new URLSearchParams(account),
      headers: { accept: 'application/json', 'x-forwarded-for': clientIp },
    })
}

describeOnPostgres('production defaults on PostgreSQL', () => {
  // Behind a proxy (TRUST_PROXY=1), sample catalogue only: no demo accounts.
  let proxied: RunningServer
  let proxiedPg: ThrowawayDatabase
  let db: DbHandle
  // Directly exposed (no TRUST_PROXY), with the demo accounts asked for explicitly.
  let demo: RunningServer
  let demoPg: ThrowawayDatabase
  let topupOfferId: number
  let usdSkuId: number

  beforeAll(async () => {
    ;[proxiedPg, demoPg] = await Promise.all([
      createThrowawayDatabase('postgres', 'prod'),
      createThrowawayDatabase('postgres', 'demo'),
    ])
    const [p1, p2] = (await freePorts(2)) as [number, number]
    ;[proxied, demo] = await Promise.all([
      startServer(
        {
          DATABASE_URL: proxiedPg.url!,
          PUBLIC_ORIGIN: `http://127.0.0.1:${p1}`,
          SEED_DEMO: '',
          SEED_CATALOG: 'true',
          TRUST_PROXY: '1',
        },
        p1,
      ),
      startServer({ DATABASE_URL: demoPg.url!, SEED_DEMO: 'true' }, p2),
    ])
    db = await proxiedPg.open({ poolSize: 2 })
    const [offer] = await db.db.select({ id: offers.id }).from(offers).where(eq(offers.kind, 'topup')).limit(1)
    const [price] = await db.db.select({ skuId: skuPrices.skuId }).from(skuPrices).where(eq(skuPrices.currency, 'USD'))
    topupOfferId = offer!.id
    usdSkuId = price!.skuId
  })

  afterAll(async () => {
    await db?.close()
    await Promise.all([proxied?.stop(), demo?.stop()])
    await Promise.all([proxiedPg?.drop(), demoPg?.drop()])
  })

  describe('demo data (acceptance 1)', () => {
    it('without SEED_DEMO: no demo accounts, the README operator cannot sign in, the sample catalogue is there', async () => {
      const rows = await db.db.select({ email: users.email }).from(users).where(eq(users.email, OPERATOR.email))
      expect(rows).toEqual([])
      const post = await signInPage(new Browser(proxied.base))
      const refused = await post(OPERATOR, '10.77.0.1')
      expect(refused.status).toBe(401)
      expect(await refused.json()).toEqual({ error: { code: 'INVALID_CREDENTIALS' } })
      expect(proxied.logs.join('')).not.toContain('Demo accounts')
      // SEED_CATALOG alone: games to sell, nobody to sign in as.
      const navigation = await fetch(`${proxied.base}/api/product/categories/navigation`)
      expect(navigation.status).toBe(200)
      expect(topupOfferId).toBeGreaterThan(0)
    })

    it('with SEED_DEMO=true: the operator signs in and start-up warns loudly', async () => {
      const browser = new Browser(demo.base)
      await signInViaStorefront(browser, OPERATOR)
      const me = await browser.request('/api/users/me')
      expect(me.status).toBe(200)
      expect(await me.json()).toMatchObject({ email: OPERATOR.email })
      const warning = demo.logs
        .join('')
        .split('\n')
        .find((line) => line.includes('SEED_DEMO=true on PostgreSQL'))
      expect(warning).toBeDefined()
      expect(JSON.parse(warning!)).toMatchObject({ level: 'warn' })
    })
  })

  describe('oracles are rate limited (acceptance 3)', () => {
    const check = (browser: Browser, ip: string) =>
      callFn(browser, 'checkPlayer', { offerId: topupOfferId, playerId: '12345678' }, { 'x-forwarded-for': ip })

    it('player check: 429 with Retry-After after the budget, per client (X-Forwarded-For with TRUST_PROXY=1)', async () => {
      const anonymous = new Browser(proxied.base)
      const { answered, last } = await untilLimited(() => check(anonymous, '10.1.0.1'))
      expect(answered).toBe(60)
      expectLimited(last)
      // Another client behind the same proxy has a budget of its own.
      expect((await check(anonymous, '10.1.0.2')).status).toBe(200)
    })

    it('player check: a signed-in user keeps one budget across client addresses', async () => {
      const account = await addUser(db, 'player')
      const user = new Browser(proxied.base)
      await signInViaStorefront(user, account)
      await untilLimited(() => check(user, '10.2.0.1'))
      expectLimited(await check(user, '10.2.0.2'))
      // The fresh address itself was not the problem: anonymous from there is fine.
      expect((await check(new Browser(proxied.base), '10.2.0.2')).status).toBe(200)
    })

    it('coupon preview: unknown codes cost more than found ones; per client and per user', async () => {
      const account = await addUser(db, 'coupon')
      const user = new Browser(proxied.base)
      await signInViaStorefront(user, account)
      let n = 0
      const guess = (ip: string) => callFn(user, 'previewCouponFn', { code: `NOPE${n++}` }, { 'x-forwarded-for': ip })
      const { answered, last } = await untilLimited(() => guess('10.3.0.1'))
      expect(answered).toBe(20) // 100 units, 5 per unknown code
      expectLimited(last)
      expectLimited(await guess('10.3.0.2')) // same user elsewhere

      // A real code costs 1: a shopper re-checking it is not stopped after 20.
      const other = new Browser(proxied.base)
      await signInViaStorefront(other, await addUser(db, 'coupon-ok'))
      for (let i = 0; i < 30; i++) {
        const r = await callFn(other, 'previewCouponFn', { code: 'WELCOME10' }, { 'x-forwarded-for': '10.3.1.1' })
        expect(r.status).toBe(200)
        expect(r.text).not.toContain('RATE_LIMITED')
      }
    })

    it('the coupon field of an order (REST): 400 for unknown codes until the budget, then 429', async () => {
      const account = await addUser(db, 'order')
      const user = new Browser(proxied.base)
      await signInViaStorefront(user, account)
      let n = 0
      const order = (ip: string) =>
        user
          .request('/api/orders', {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
            body: JSON.stringify({
              items: [{ skuId: usdSkuId, quantity: 1 }],
              currency: 'USD',
              couponCodes: [`GUESS${n++}`],
              idempotencyKey: randomUUID(),
            }),
          })
          .then(async (r) => ({ status: r.status, retryAfter: r.headers.get('retry-after'), text: await r.text() }))
      const first = await order('10.4.0.1')
      expect(first.status).toBe(400)
      const { answered, last } = await untilLimited(() => order('10.4.0.1'))
      expect(answered + 1).toBe(20)
      expectLimited(last)
      expectLimited(await order('10.4.0.2')) // per user
    })

    it('without TRUST_PROXY the X-Forwarded-For header is ignored: one budget for the socket address', async () => {
      const anonymous = new Browser(demo.base)
      let i = 0
      // A different forged address on every call: it would never run out if the header counted.
      await untilLimited(() => check(anonymous, `10.9.${Math.floor(i / 250)}.${i++ % 250}`))
      // topupOfferId comes from the other database, but both were seeded from the same catalogue.
      expectLimited(await check(anonymous, '10.9.200.200'))
    })
  })

  describe('sign-in lock-out (acceptance 4)', () => {
    it('20 wrong passwords from one client do not lock the owner out on another network', async () => {
      const account = await addUser(db, 'owner')
      const attacker = await signInPage(new Browser(proxied.base))
      const statuses: number[] = []
      for (let i = 0; i < 20; i++) {
        statuses.push((await attacker({ ...account, password: `wrong-${i}` }, '10.5.0.1')).status)
      }
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401))
      expect(statuses.slice(10)).toEqual(Array(10).fill(429))
      // Locked for that client even with the right password …
      expect((await attacker(account, '10.5.0.1')).status).toBe(429)
      // … but the owner elsewhere signs in.
      const browser = new Browser(proxied.base)
      const owner = await signInPage(browser)
      const ok = await owner(account, '10.5.0.2')
      expect(ok.status).toBe(200)
      const { location } = (await ok.json()) as { location: string }
      const { url: callback } = await browser.follow(location, (u) => u.pathname === '/auth/callback')
      await browser.follow(callback.href)
      expect((await browser.request('/api/users/me')).status).toBe(200)
    })

    it('only failures count, a correct password resets them, and unknown e-mails answer the same', async () => {
      const account = await addUser(db, 'resets')
      const post = await signInPage(new Browser(proxied.base))
      for (let round = 0; round < 3; round++) {
        for (let i = 0; i < 9; i++) expect((await post({ ...account, password: 'nope' }, '10.6.0.1')).status).toBe(401)
        expect((await post(account, '10.6.0.1')).status).toBe(200) // 27 failures in all, never locked
      }
      const known = await post({ ...account, password: 'nope' }, '10.6.0.2')
      const unknown = await post({ email: `nobody-${randomUUID()}@test.example`, password: 'nope' }, '10.6.0.2')
      expect([known.status, await known.text()]).toEqual([unknown.status, await unknown.text()])
    })
  })

  describe('Host header (acceptance 7)', () => {
    it('refuses to start on PostgreSQL without PUBLIC_ORIGIN, with one clear line', async () => {
      const child = spawn(process.execPath, ['server.mjs'], {
        cwd: ROOT,
        env: {
          ...process.env,
          NODE_ENV: 'production',
          PORT: String((await freePorts(1))[0]),
          DATABASE_URL: demoPg.url!,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      let stderr = ''
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
      const code = await new Promise((resolve) => child.on('exit', resolve))
      expect(code).toBe(1)
      expect(stderr.trim().split('\n')).toEqual([
        expect.stringMatching(/^Invalid configuration: PUBLIC_ORIGIN: required/),
      ])
    })

    it('with PUBLIC_ORIGIN, a write from the forged Host’s origin (DNS rebinding) is refused; the shop’s own passes', async () => {
      const body = JSON.stringify(await toJSONAsync({ data: { offerId: topupOfferId, playerId: '12345678' } }))
      const fn = { 'x-tsr-serverfn': 'true', 'content-type': 'application/json', accept: 'application/json' }
      const checkPlayer = `/_serverFn/${serverFnId('checkPlayer')}`
      // What a page on evil.example, resolved to our address, sends: its own Host and Origin.
      const rebound = { host: 'evil.example', origin: 'http://evil.example', 'sec-fetch-site': 'same-origin' }
      const refused = await rawRequest(proxied.base, checkPlayer, { ...fn, ...rebound }, body)
      expect([refused.status, refused.text]).toEqual([403, expect.stringContaining('FORBIDDEN')])
      expect((await rawRequest(proxied.base, '/api/orders', rebound, '{}')).status).toBe(403)
      // The same calls from PUBLIC_ORIGIN get past the check (to the player check, and to the
      // sign-in the API asks for), whatever Host the proxy passes on.
      const own = {
        host: 'shop.internal',
        origin: proxied.base,
        'sec-fetch-site': 'same-origin',
        'x-forwarded-for': '10.11.0.1',
      }
      expect((await rawRequest(proxied.base, checkPlayer, { ...fn, ...own }, body)).status).toBe(200)
      expect((await rawRequest(proxied.base, '/api/orders', own, '{}')).status).toBe(401)
    })

    it('with PUBLIC_ORIGIN, Host: evil.example appears in no response body or header', async () => {
      await expectHostIgnored(demo, demo.base)
    })
  })
})

/** Pages, sitemap, robots, discovery, redirects and sign-in with a forged Host header. */
async function expectHostIgnored(server: RunningServer, origin: string) {
  const browser = new Browser(server.base)
  const paths = [
    '/',
    '/fr/news',
    '/offer/1',
    '/sitemap.xml',
    '/robots.txt',
    '/.well-known/openid-configuration',
    '/login',
    '/user/profile',
    '/faq',
    '/nope-404',
  ]
  for (const p of paths) {
    const response = await browser.request(p, { headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' } })
    const body = await response.text()
    const headers = [...response.headers].map(([k, v]) => `${k}: ${v}`).join('\n')
    expect(body, p).not.toContain('evil.example')
    expect(headers, p).not.toContain('evil.example')
  }
  const discovery = await (await fetch(`${server.base}/.well-known/openid-configuration`)).json()
  expect(discovery).toMatchObject({ issuer: origin, authorization_endpoint: `${origin}/oauth2/authorize` })
}

describe('Host header on the embedded database (acceptance 7)', () => {
  let server: RunningServer
  // The embedded database's first open (initdb, migrations, demo seed) is slow on a busy machine.
  beforeAll(async () => {
    server = await startServer()
  }, 300_000)
  afterAll(async () => {
    await server?.stop()
  })

  it('needs no PUBLIC_ORIGIN and never echoes Host: evil.example', async () => {
    await expectHostIgnored(server, server.base)
  })
})

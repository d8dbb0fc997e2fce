/**
 * The storefront as a client of our authorization server, end to end against the built server:
 * sign-in through /login and /auth/callback, the session cookie, /api/users/me, the route guard,
 * sign-out, and every SPEC §8 sign-in error driven by tampering with the callback.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Client } from 'pg'
import { createThrowawayDatabase, describeOnPostgres, type ThrowawayDatabase } from './throwaway-db'
import { Browser, PG_URL, SHOPPER, signInViaStorefront, startServer, type RunningServer } from './auth-helpers'

let server: RunningServer
let pg: ThrowawayDatabase | undefined

beforeAll(async () => {
  pg = PG_URL ? await createThrowawayDatabase('postgres', 'auth') : undefined
  server = await startServer(pg?.env)
})

afterAll(async () => {
  await server?.stop()
  await pg?.drop()
})

describe('storefront sign-in', () => {
  it('signs in, returns to the page it started from, and keeps tokens off the browser', async () => {
    const browser = new Browser(server.base)
    const { final } = await signInViaStorefront(browser, SHOPPER, { returnTo: '/fr/news' })
    expect(final!.url.pathname).toBe('/fr/news')
    expect(browser.cookies.map((c) => c.name)).toContain('session')
    // The only cookie the storefront sets for the signed-in user is the opaque, HttpOnly session id.
    const me = await browser.request('/api/users/me')
    expect(me.status).toBe(200)
    const profile = (await me.json()) as Record<string, unknown>
    expect(profile).toMatchObject({ email: SHOPPER.email, authenticated: true, promoter: false })
    expect(Object.keys(profile).sort()).toEqual(
      [
        'id',
        'aid',
        'username',
        'email',
        'avatar',
        'promoter',
        'billingAddress',
        'facebookId',
        'skypeId',
        'telegramId',
        'twitterId',
        'discordId',
        'whatsAppId',
        'steamId',
        'authenticated',
      ].sort(),
    )
    const html = await (await browser.request('/user/profile')).text()
    expect(html).toContain(SHOPPER.email)
    for (const text of [html, JSON.stringify(profile), browser.cookies.map((c) => c.value).join(' ')]) {
      expect(text).not.toMatch(/eyJ[\w-]+\.[\w-]+\.[\w-]+/) // no JWT (ID token)
      expect(text).not.toMatch(/access_token|refresh_token|id_token/)
    }
  })

  it('guards /user, /order and /affiliate with a redirect to sign-in carrying the return path', async () => {
    const anonymous = new Browser(server.base)
    for (const path of ['/user/profile', '/fr/order/list', '/ORDER/LIST', '/affiliate']) {
      const response = await anonymous.request(path)
      expect([302, 303, 307], path).toContain(response.status)
      const location = new URL(response.headers.get('location')!, server.base)
      expect(location.pathname).toMatch(/^(\/fr)?\/login$/)
      expect(location.searchParams.get('redirect')).toBe(path)
    }
    expect((await anonymous.request('/api/users/me')).status).toBe(401)
  })
})

describeOnPostgres('sign-in errors (SPEC §8), each from a tampered callback', () => {
  async function callbackFor(browser: Browser) {
    const { callback } = await signInViaStorefront(browser, SHOPPER, { stopAtCallback: true })
    return callback
  }
  async function errorOf(browser: Browser, url: string) {
    const response = await browser.request(url)
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).not.toMatch(/at \w+ \(|node_modules/) // never a stack trace
    return /data-testid="signin-error"[^>]*>([^<]*)</.exec(html)?.[1]
  }
  async function db<T>(fn: (client: Client) => Promise<T>): Promise<T> {
    const client = new Client({ connectionString: pg!.url })
    await client.connect()
    try {
      return await fn(client)
    } finally {
      await client.end()
    }
  }

  it('No state in response', async () => {
    const browser = new Browser(server.base)
    const callback = await callbackFor(browser)
    callback.searchParams.delete('state')
    expect(await errorOf(browser, callback.href)).toBe('No state in response')
  })

  it('No matching state found in storage (unknown, replayed or stale state)', async () => {
    const browser = new Browser(server.base)
    const callback = await callbackFor(browser)
    const forged = new URL(callback)
    forged.searchParams.set('state', 'not-a-state-we-issued')
    expect(await errorOf(browser, forged.href)).toBe('No matching state found in storage')
    expect((await browser.request(callback.href)).status).toBe(307) // the real one still works…
    expect(await errorOf(browser, callback.href)).toBe('No matching state found in storage') // …once
    const stale = await callbackFor(new Browser(server.base))
    await db((c) => c.query(`update auth_states set created_at = now() - interval '901 seconds'`))
    expect(await errorOf(browser, stale.href)).toBe('No matching state found in storage')
  })

  it('State does not match (the callback reaches another browser)', async () => {
    const callback = await callbackFor(new Browser(server.base))
    const other = new Browser(server.base)
    await other.request('/login') // the other browser has a session cookie of its own
    expect(await errorOf(other, callback.href)).toBe('State does not match')
  })

  it('authority mismatch on settings vs. signin state', async () => {
    const browser = new Browser(server.base)
    const callback = await callbackFor(browser)
    const tampered = new URL(callback)
    tampered.searchParams.set('iss', 'http://evil.example')
    expect(await errorOf(browser, tampered.href)).toBe('authority mismatch on settings vs. signin state')
  })

  it('client_id mismatch on settings vs. signin state', async () => {
    const browser = new Browser(server.base)
    const callback = await callbackFor(browser)
    await db((c) => c.query(`update auth_states set client_id = 'someone-else'`))
    expect(await errorOf(browser, callback.href)).toBe('client_id mismatch on settings vs. signin state')
  })

  it('Only the Authorization Code flow (with PKCE) is supported', async () => {
    const browser = new Browser(server.base)
    const callback = await callbackFor(browser)
    const implicit = new URL(callback)
    implicit.searchParams.delete('code')
    implicit.searchParams.set('access_token', 'x')
    expect(await errorOf(browser, implicit.href)).toBe('Only the Authorization Code flow (with PKCE) is supported')
    const noCode = new URL(callback)
    noCode.searchParams.delete('code')
    expect(await errorOf(browser, noCode.href)).toBe('Only the Authorization Code flow (with PKCE) is supported')
  })
})

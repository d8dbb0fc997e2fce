/**
 * The shared HTML cache for anonymous pages, on two instances of the built server sharing one
 * PostgreSQL database (run `npm run build` first). Every test uses page keys of its own (a path or
 * a search string no other test asks for), so the order of the tests does not matter.
 */
import { createHash, randomBytes } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { invalidate } from '../../src/server/cache'
import { startCacheSync, stopCacheSync } from '../../src/server/cache-sync'
import { openDatabase, type DbHandle } from '../../src/server/db/client'
import { gameTranslations, offers, sessions, users } from '../../src/server/db/schema'
import { hashSessionId } from '../../src/modules/auth/session-cookie.server'
import { SHOPPER, freePorts, startServer, type RunningServer } from './auth-helpers'
import { createThrowawayDatabase, describeOnPostgres, type ThrowawayDatabase } from './throwaway-db'

const get = (base: string, path: string, headers: Record<string, string> = {}) =>
  fetch(base + path, { headers, redirect: 'manual' })

/** A query string no other request used: a page key of the caller's own. */
const fresh = () => `?t=${randomBytes(4).toString('hex')}`

describeOnPostgres('shared HTML cache for anonymous pages', () => {
  let pg: ThrowawayDatabase
  let a: RunningServer
  let b: RunningServer
  let writer: DbHandle

  beforeAll(async () => {
    pg = await createThrowawayDatabase('postgres', 'html_cache')
    const [pa, pb] = await freePorts(2)
    const env = { DATABASE_URL: pg.url!, PUBLIC_ORIGIN: `http://127.0.0.1:${pa}` }
    a = await startServer(env, pa) // migrates and seeds first; the second finds it done
    b = await startServer(env, pb)
    // This process plays a third instance that writes catalogue data.
    writer = await openDatabase({ url: pg.url!, poolSize: 2 })
    await startCacheSync(pg.url!, writer.db)
  })

  afterAll(async () => {
    await stopCacheSync()
    await writer?.close()
    await Promise.all([a?.stop(), b?.stop()])
    await pg?.drop()
  })

  it('renders a page once for concurrent anonymous visitors and serves identical bytes after', async () => {
    const path = `/news${fresh()}`
    const burst = await Promise.all(Array.from({ length: 12 }, () => get(a.base, path)))
    const states = burst.map((r) => r.headers.get('x-html-cache'))
    // One render for all twelve. A visitor whose request reaches the server after the render ended
    // gets a hit instead of joining it (timing of this machine); the exact split is held by the
    // unit test with a render the test keeps open (tests/unit/html-cache-coalescing.test.ts).
    expect(states.filter((s) => s === 'miss')).toHaveLength(1)
    expect(states.filter((s) => s === 'coalesced' || s === 'hit')).toHaveLength(11)
    const bodies = new Set(await Promise.all(burst.map((r) => r.text())))
    expect(bodies.size).toBe(1)
    const again = await get(a.base, path)
    expect(again.headers.get('x-html-cache')).toBe('hit')
    expect(await again.text()).toBe([...bodies][0])
    expect(again.headers.get('cache-control')).toMatch(/^public, .*s-maxage=\d+, stale-while-revalidate=\d+/)
    expect(again.headers.get('vary')).toBe('Accept-Encoding, Accept-Language, Cookie')
    expect(again.headers.get('set-cookie')).toBeNull()
  })

  it('allows exactly the inline scripts of a cached page by hash, with no nonce in shared bytes', async () => {
    const path = `/offer/1${fresh()}`
    const first = await get(a.base, path)
    const second = await get(a.base, path)
    const html = await second.text()
    expect(await first.text()).toBe(html)
    const csp = second.headers.get('content-security-policy') ?? ''
    expect(csp).toBe(first.headers.get('content-security-policy'))
    expect(csp).not.toContain("'nonce-")
    expect(html).not.toMatch(/\snonce="/)
    const inline = [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '')
    expect(inline.length).toBeGreaterThan(1)
    const scriptSrc = csp.split('; ').find((d) => d.startsWith('script-src ')) ?? ''
    for (const body of inline) {
      expect(scriptSrc).toContain(`'sha256-${createHash('sha256').update(body).digest('base64')}'`)
    }
  })

  it('serves brotli and gzip variants made at fill time, and 304 for a matching ETag', async () => {
    const path = `/${fresh()}`
    const plain = await get(a.base, path)
    const html = await plain.text()
    const br = await get(a.base, path, { 'accept-encoding': 'br' })
    expect(br.headers.get('content-encoding')).toBe('br')
    expect(await br.text()).toBe(html) // fetch decodes it
    const gz = await get(a.base, path, { 'accept-encoding': 'gzip' })
    expect(gz.headers.get('content-encoding')).toBe('gzip')
    expect(await gz.text()).toBe(html)
    const etag = plain.headers.get('etag')!
    expect((await get(a.base, path, { 'if-none-match': etag })).status).toBe(304)
  })

  it('never gives a signed-in visitor a cached page, nor fills the cache from one', async () => {
    const [shopper] = await writer.db.select({ id: users.id }).from(users).where(eq(users.email, SHOPPER.email))
    const id = randomBytes(32).toString('base64url')
    await writer.db.insert(sessions).values({
      idHash: hashSessionId(id),
      userId: shopper!.id,
      authority: 'test',
      clientId: 'test',
      sub: shopper!.id,
      idToken: 'test',
      accessToken: 'test',
      expiresAt: new Date(Date.now() + 3_600_000),
    })
    const path = `/offer/1${fresh()}`
    const signedIn = await get(a.base, path, { cookie: `session=${id}` })
    expect(signedIn.status).toBe(200)
    expect(signedIn.headers.get('x-html-cache')).toBeNull()
    expect(signedIn.headers.get('cache-control')).toBe('private, no-store')
    expect(signedIn.headers.get('content-security-policy')).toMatch(/'nonce-[^']+'/)
    // The signed-in render left nothing behind: the first anonymous visitor renders the page.
    expect((await get(a.base, path)).headers.get('x-html-cache')).toBe('miss')
    // A cached anonymous page is not handed to the signed-in visitor either.
    const again = await get(a.base, path, { cookie: `session=${id}` })
    expect(again.headers.get('x-html-cache')).toBeNull()
  })

  it('does not cache a response that sets a cookie', async () => {
    const path = `/news${fresh()}`
    // First visit of a German browser: the detected locale is stored in a cookie.
    const first = await get(a.base, path, { 'accept-language': 'de-DE,de;q=0.9' })
    expect(first.headers.get('set-cookie')).toMatch(/i18n_locale=de/)
    expect(first.headers.get('x-html-cache')).toBeNull()
    expect(first.headers.get('cache-control')).toBe('private, no-store')
    // The same German page for a visitor who has the cookie: nothing was filled by the first one.
    const withCookie = await get(a.base, path, { cookie: 'i18n_locale=de', 'accept-language': 'de-DE,de;q=0.9' })
    expect(withCookie.headers.get('x-html-cache')).toBe('miss')
    expect(withCookie.headers.get('set-cookie')).toBeNull()
  })

  it('never serves one locale, currency or cookie-notice state for another', async () => {
    const path = `/offer/1${fresh()}`
    const cases: { headers: Record<string, string>; lang: string; price: RegExp }[] = [
      { headers: {}, lang: 'en', price: /\$\d+\.\d\d/ },
      { headers: { cookie: 'i18n_locale=fr' }, lang: 'fr', price: /\d+,\d\d\s€/ },
      { headers: { cookie: 'i18n_locale=pt' }, lang: 'pt', price: /R\$\s\d+,\d\d/ },
      { headers: { cookie: 'i18n_locale=ru' }, lang: 'ru', price: /\d+,\d\d\s₽/ },
      { headers: { cookie: 'i18n_locale=de; cookie_notice=true' }, lang: 'de', price: /\d+,\d\d\s€/ },
    ]
    // Twice round: the second round is served from the cache and must still match each request.
    for (let round = 0; round < 2; round++) {
      for (const c of cases) {
        const response = await get(a.base, path, c.headers)
        const html = await response.text()
        expect(response.headers.get('x-html-cache')).toBe(round === 0 ? 'miss' : 'hit')
        expect(html).toContain(`<html lang="${c.lang}"`)
        const price = /data-testid="sku-price">([^<]+)</.exec(html)?.[1]
        // Seen once in CI without prices (the server's gcTime 0, ADR 079): should it recur, say what was rendered.
        const seen = price
          ? ''
          : ` ${response.status}: ${/<main[\s\S]{0,400}/.exec(html)?.[0]}; ${a.logs.slice(-5).join(' | ')}`
        expect(price, `${c.lang}${seen}`).toMatch(c.price)
        expect(html.includes('data-testid="cookie-notice"')).toBe(!c.headers.cookie?.includes('cookie_notice'))
      }
    }
    // A locale prefix decides over the cookie, and the changed choice is stored: not shared.
    const switched = await get(a.base, `/es/offer/1${fresh()}`, { cookie: 'i18n_locale=fr' })
    expect(await switched.text()).toContain('<html lang="es"')
    expect(switched.headers.get('set-cookie')).toMatch(/i18n_locale=es/)
    expect(switched.headers.get('x-html-cache')).toBeNull()
    const prefixed = await get(a.base, `/es/offer/1${fresh()}`, { cookie: 'i18n_locale=es' })
    expect(await prefixed.text()).toContain('<html lang="es"')
    expect(prefixed.headers.get('x-html-cache')).toBe('miss')
    expect(prefixed.headers.get('vary')).toBe('Accept-Encoding, Cookie')
  })

  it('shows a catalogue write on the next anonymous request of every instance', async () => {
    const path = `/offer/1${fresh()}`
    const [offer] = await writer.db.select({ gameId: offers.gameId }).from(offers).where(eq(offers.id, 1))
    const name = `Renamed ${randomBytes(3).toString('hex')}`
    for (const server of [a, b]) {
      await get(server.base, path)
      expect((await get(server.base, path)).headers.get('x-html-cache')).toBe('hit')
    }
    await writer.db
      .update(gameTranslations)
      .set({ name })
      .where(sql`${gameTranslations.gameId} = ${offer!.gameId} and ${gameTranslations.locale} = 'en'`)
    await invalidate('catalog') // the write hook: here at once, elsewhere by NOTIFY
    for (const server of [a, b]) {
      // The notice travels asynchronously (milliseconds); nothing stale is served once it is in.
      await expect.poll(async () => (await get(server.base, path)).text(), { interval: 20 }).toContain(name)
      const next = await get(server.base, path)
      expect(await next.text()).toContain(name)
    }
  })
})

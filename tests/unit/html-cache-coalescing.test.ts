/**
 * Request coalescing of the shared HTML cache, with a render the test holds open: every visitor who
 * asks while the first render runs waits for it, and nobody renders a second time.
 */
import { expect, it, vi } from 'vitest'

vi.stubGlobal('__BUILD_ID__', 'test-build')
const { anonymousPageKey, serveAnonymousPage } = await import('../../src/server/http/html-cache')

const page = (path: string) => new Request(`http://shop.test${path}`, { headers: { cookie: 'i18n_locale=en' } })

it('twelve concurrent misses of one page share one render: one miss, eleven coalesced, same bytes', async () => {
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  const render = vi.fn(async (_request: Request, nonce: string) => {
    await held
    const html = `<!doctype html><html lang="en"><head><meta property="csp-nonce" content="${nonce}"/></head><body>news</body></html>`
    return new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8' } })
  })
  const request = page('/news?t=coalesce')
  const key = anonymousPageKey(request)!
  expect(key).toBeDefined()
  const burst = Array.from({ length: 12 }, () => serveAnonymousPage(page('/news?t=coalesce'), key, 'n0nce', render))
  release()
  const responses = await Promise.all(burst)
  expect(render).toHaveBeenCalledTimes(1)
  const states = responses.map((r) => r.headers.get('x-html-cache'))
  expect(states.filter((s) => s === 'miss')).toHaveLength(1)
  expect(states.filter((s) => s === 'coalesced')).toHaveLength(11)
  const bodies = new Set(await Promise.all(responses.map((r) => r.text())))
  expect(bodies.size).toBe(1)
  expect([...bodies][0]).not.toContain('n0nce')
  const again = await serveAnonymousPage(page('/news?t=coalesce'), key, 'other', render)
  expect(again.headers.get('x-html-cache')).toBe('hit')
  expect(render).toHaveBeenCalledTimes(1)
})

it('a page that cannot be stored is rendered by each waiting visitor for themselves', async () => {
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  const render = vi.fn(async () => {
    await held
    return new Response('<p>busy</p>', { status: 503, headers: { 'content-type': 'text/html' } })
  })
  const key = anonymousPageKey(page('/news?t=unstorable'))!
  const burst = Array.from({ length: 3 }, () => serveAnonymousPage(page('/news?t=unstorable'), key, 'n', render))
  release()
  const responses = await Promise.all(burst)
  expect(responses.map((r) => r.status)).toEqual([503, 503, 503])
  expect(responses.every((r) => r.headers.get('cache-control') === 'private, no-store')).toBe(true)
  expect(render).toHaveBeenCalledTimes(3)
})

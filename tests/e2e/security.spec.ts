import { createHash } from 'node:crypto'
import { expect, test } from '@playwright/test'
import { PREFIXES, ROUTES } from './spec-routes'

test('every HTML response has a strict CSP that each inline script satisfies (nonce or hash)', async ({ request }) => {
  const paths = ROUTES.flatMap((route) => PREFIXES.map((p) => p + (route === '/' && p ? '' : route)))
  paths.push('/no/such/page', '/offer/abc')
  const nonces = new Set<string>()
  let nonced = 0
  for (const path of paths) {
    const response = await request.get(path, { maxRedirects: 0 })
    if (![200, 404].includes(response.status())) continue
    const csp = response.headers()['content-security-policy'] ?? ''
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? ''
    expect(scriptSrc, `${path}: CSP ${csp}`).toBeTruthy()
    expect(scriptSrc, path).not.toContain('unsafe-inline')
    const html = await response.text()
    // Rendered pages carry a fresh nonce; pages from the shared HTML cache (identical bytes for
    // every visitor) list the SHA-256 of each inline script instead.
    const nonce = /'nonce-([^']+)'/.exec(scriptSrc)?.[1]
    if (nonce) {
      nonced++
      nonces.add(nonce)
    }
    for (const [tag, body] of [...html.matchAll(/(<script\b[^>]*>)([\s\S]*?)<\/script>/g)].map((m) => [m[1]!, m[2]!])) {
      if (/type="application\/ld\+json"/.test(tag) || /\ssrc=/.test(tag)) {
        if (nonce && /\ssrc=/.test(tag)) expect(tag, `${path}: ${tag}`).toContain(`nonce="${nonce}"`)
        continue
      }
      if (nonce) expect(tag, `${path}: ${tag}`).toContain(`nonce="${nonce}"`)
      else
        expect(scriptSrc, `${path}: ${tag}`).toContain(`'sha256-${createHash('sha256').update(body).digest('base64')}'`)
    }
    expect(html, path).not.toMatch(/\son[a-z]+="/)
  }
  // A fresh nonce per rendered response.
  expect(nonces.size).toBe(nonced)
})

test('cross-site writes to server functions and the API are refused with 403', async ({ request }) => {
  const crossSite: { headers: Record<string, string> }[] = [
    { headers: { origin: 'https://evil.example' } },
    { headers: { 'sec-fetch-site': 'cross-site' } },
    { headers: { origin: 'null' } },
  ]
  for (const path of ['/_serverFn/anything', '/api/orders', '/api/ms/withdrawals', '/api/captcha/email']) {
    for (const { headers } of crossSite) {
      const response = await request.post(path, { headers, data: {} })
      expect(response.status(), `${path} ${JSON.stringify(headers)}`).toBe(403)
      expect((await response.json()).error.code).toBe('FORBIDDEN')
    }
  }
  // The same request from our own origin is not refused by the CSRF check.
  const base = test.info().project.use.baseURL!
  const own = await request.post('/api/cms/links', { headers: { origin: base, 'sec-fetch-site': 'same-origin' } })
  expect(own.status()).not.toBe(403)
})

test('security headers are set', async ({ request }) => {
  const response = await request.get('/en')
  const headers = response.headers()
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
  expect(headers['permissions-policy']).toContain('camera=()')
  expect(headers['x-content-type-options']).toBe('nosniff')
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'")
  expect(headers['x-request-id']).toBeTruthy()
})

test('health endpoints answer for load balancers', async ({ request }) => {
  expect((await request.get('/healthz')).status()).toBe(200)
  const ready = await request.get('/readyz')
  expect(ready.status()).toBe(200)
  expect((await ready.json()).ready).toBe(true)
})

import { expect, test } from '@playwright/test'
import { PREFIXES, ROUTES } from './spec-routes'

test('every HTML response has a CSP nonce and no inline script without it', async ({ request }) => {
  const paths = ROUTES.flatMap((route) => PREFIXES.map((p) => p + (route === '/' && p ? '' : route)))
  paths.push('/no/such/page', '/offer/abc')
  const nonces = new Set<string>()
  for (const path of paths) {
    const response = await request.get(path, { maxRedirects: 0 })
    if (![200, 404].includes(response.status())) continue
    const csp = response.headers()['content-security-policy'] ?? ''
    const nonce = /script-src [^;]*'nonce-([^']+)'/.exec(csp)?.[1]
    expect(nonce, `${path}: CSP ${csp}`).toBeTruthy()
    expect(csp, path).not.toContain("'unsafe-inline' 'nonce")
    expect(
      csp.split(';').find((d) => d.trim().startsWith('script-src')),
      path,
    ).not.toContain('unsafe-inline')
    nonces.add(nonce!)
    const html = await response.text()
    for (const tag of html.match(/<script\b[^>]*>/g) ?? []) {
      if (/type="application\/ld\+json"/.test(tag)) continue
      expect(tag, `${path}: ${tag}`).toContain(`nonce="${nonce}"`)
    }
    expect(html, path).not.toMatch(/\son[a-z]+="/)
  }
  // A fresh nonce per response.
  expect(nonces.size).toBeGreaterThan(paths.length / 2)
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

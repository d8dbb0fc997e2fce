/**
 * Issue 12 §7: the authorization server's own responses (discovery, an authorize error, the
 * sign-out pages) carry the shop's security headers, and a cross-site GET of /connect/logout only
 * asks: the page has no script that would submit it, so nothing ends until the user clicks.
 * Against the built server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Browser, signInViaStorefront, startServer, type RunningServer } from './auth-helpers'

let server: RunningServer

beforeAll(async () => {
  server = await startServer()
}, 300_000)
afterAll(() => server?.stop())

function expectShopHeaders(response: Response, html: boolean) {
  expect(response.headers.get('x-content-type-options')).toBe('nosniff')
  expect(response.headers.get('x-frame-options')).toBe('DENY')
  const csp = response.headers.get('content-security-policy') ?? ''
  expect(csp).toContain("frame-ancestors 'none'")
  if (html) expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/)
}

describe('authorization-server pages', () => {
  it('discovery and an authorize error carry the security headers', async () => {
    const discovery = await fetch(`${server.base}/.well-known/openid-configuration`)
    expect(discovery.status).toBe(200)
    expectShopHeaders(discovery, false)

    const error = await fetch(`${server.base}/oauth2/authorize?client_id=nobody&response_type=code`, {
      headers: { accept: 'text/html', 'accept-language': 'fr' },
    })
    expect(error.status).toBeGreaterThanOrEqual(400)
    expect(error.headers.get('content-type')).toContain('text/html')
    expectShopHeaders(error, true)
    const html = await error.text()
    expect(html).toContain('La connexion n&#39;a pas pu continuer')
    expect(html).not.toMatch(/<script/i)
  })

  it('a cross-site GET of /connect/logout asks and ends nothing; the storefront sign-out still goes through', async () => {
    const browser = new Browser(server.base)
    await signInViaStorefront(browser)
    const opCookies = () => browser.cookies.filter((c) => c.name.startsWith('_session')).map((c) => c.value)
    const before = opCookies()
    expect(before.length).toBeGreaterThan(0)

    // Another site links or redirects here: the browser says cross-site.
    const crossSite = await browser.request(`/connect/logout?client_id=storefront`, {
      headers: { 'sec-fetch-site': 'cross-site', accept: 'text/html', 'accept-language': 'de' },
    })
    expect(crossSite.status).toBe(200)
    expectShopHeaders(crossSite, true)
    const page = await crossSite.text()
    expect(page).toContain('Von TopUp Hub abmelden?')
    expect(page).toMatch(/<form[^>]*id="op.logoutForm"/)
    expect(page).not.toMatch(/<script/i) // nothing submits the form but the user's click
    expect(page).not.toContain('data-autosubmit')
    // The authorization server's session is still there: signing in again needs no password.
    expect(opCookies()).toEqual(before)
    const { url } = await browser.follow('/login', (u) => u.pathname === '/auth/callback')
    expect(url.pathname).toBe('/auth/callback')

    // The storefront's own sign-out is a same-origin navigation: confirmed by the same-origin script.
    const sameOrigin = await browser.request(`/connect/logout?client_id=storefront`, {
      headers: { 'sec-fetch-site': 'same-origin', accept: 'text/html' },
    })
    const own = await sameOrigin.text()
    expect(own).toContain('data-autosubmit')
    expect(own).toContain('<script src="/auth/logout-confirm.js" defer></script>')
  })
  it("a logout with no session to end is shown in the shop's look, with no inline script, and completes", async () => {
    const browser = new Browser(server.base)
    const response = await browser.request(`/connect/logout?client_id=storefront`, {
      headers: { 'sec-fetch-site': 'none', accept: 'text/html', 'accept-language': 'fr' },
    })
    expect(response.status).toBe(200)
    expectShopHeaders(response, true)
    const page = await response.text()
    expect(page).toContain('<html lang="fr"')
    expect(page).not.toContain('Submitting Callback')
    expect(page).not.toMatch(/<script(?![^>]*\ssrc=)/i)
    expect(page).toContain('<script src="/auth/logout-confirm.js" defer></script>')
    // The form posts what the provider asked for (its xsrf secret) and the button's logout=yes.
    const action = /<form id="op.logoutForm" method="post" action="([^"]+)">/.exec(page)?.[1]
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page)?.[1]
    expect(action && xsrf).toBeTruthy()
    const confirmed = await browser.request(new URL(action!).pathname, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
      body: new URLSearchParams({ xsrf: xsrf!, logout: 'yes' }).toString(),
      redirect: 'manual',
    })
    expect(confirmed.status).toBeLessThan(400)
  })
})

import { createServer, type Server } from 'node:http'
import type { Page } from '@playwright/test'
import { expect, signInAs, test } from './user-fixture'

/**
 * The sign-in popup acts only for the shop's own window (issue 34, ADR 108). A page of another
 * site (here http://localhost:4091, the shop being http://127.0.0.1:E2E_PORT) opens the popup's
 * URLs, named as the shop names its popup, for a shopper whose authorization-server session is
 * still alive: the popup must not make a storefront session silently, must not report to that
 * page, and must not close itself (which would tell the page the shopper is a customer).
 */

const FOREIGN_PORT = 4091
const FOREIGN = `http://localhost:${FOREIGN_PORT}`

/** The other site: a button that opens `target` in a popup named like the shop's and records every message it gets. */
const foreignPage = `<!doctype html><html><body>
<button id="open">open</button>
<script>
  window.received = []
  window.addEventListener('message', (e) => window.received.push({ origin: e.origin, data: e.data }))
  document.getElementById('open').addEventListener('click', () => {
    window.popup = window.open(new URLSearchParams(location.search).get('target'), 'topup-signin', 'popup=yes,width=480,height=640')
  })
</script></body></html>`

// One worker for both tests: one server on the port.
test.describe.configure({ mode: 'serial' })

let server: Server
test.beforeAll(async () => {
  server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(foreignPage))
  await new Promise<void>((resolve) => server.listen(FOREIGN_PORT, resolve))
})
test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

/** A shopper whose storefront session is gone but whose authorization-server session lives (the silent case). */
async function shopperWithProviderSessionOnly(page: Page, user: { email: string; password: string }) {
  await signInAs(page, user)
  // Off the shop first: its session monitor would otherwise restore the storefront session from the
  // live authorization-server session as soon as the cookie is gone (the first try failed that way).
  await page.goto('about:blank')
  await page.context().clearCookies({ name: 'session' })
  expect((await page.request.get('/api/users/me')).status()).toBe(401)
}

async function openFromForeignSite(page: Page, target: string) {
  await page.goto(`${FOREIGN}/?target=${encodeURIComponent(target)}`)
  const opened = page.waitForEvent('popup')
  await page.locator('#open').click()
  return opened
}

const received = (page: Page) => page.evaluate(() => (window as unknown as { received: unknown[] }).received)

test('another site opening the sign-in popup gets the sign-in form, no silent session, no message', async ({
  page,
  newUser,
  baseURL,
}) => {
  await shopperWithProviderSessionOnly(page, await newUser())
  const popup = await openFromForeignSite(page, `${baseURL}/login?redirect=%2Fauth%2Fsigned-in`)
  // The authorization server asks for the password, although its session would have let it answer at once.
  await expect(popup).toHaveURL(/\/login\/[^/]+$/)
  await expect(popup.locator('input[name=password]')).toBeVisible()
  expect(popup.isClosed()).toBe(false)
  expect((await page.request.get('/api/users/me')).status()).toBe(401)
  expect(await received(page)).toEqual([])
})

test('the popup’s landing page opened by another site neither reports nor closes itself', async ({
  page,
  newUser,
  baseURL,
}) => {
  await signInAs(page, await newUser())
  const popup = await openFromForeignSite(page, `${baseURL}/auth/signed-in`)
  await expect(popup.getByTestId('signed-in')).toBeVisible()
  await popup.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
  // Opened on its own (as far as the shop is concerned): the link home, not "closes by itself".
  await expect(popup.getByRole('link', { name: 'Continue shopping' })).toBeVisible()
  expect(popup.isClosed()).toBe(false)
  expect(await received(page)).toEqual([])
})

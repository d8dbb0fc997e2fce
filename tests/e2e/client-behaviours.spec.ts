import { expect, test, type Page } from '@playwright/test'
import { gotoHydrated } from './support'

/** SPEC client behaviours: 405 on POST-only API paths, and a language switch reaching other tabs. */

const POST_ONLY = ['/api/pay', '/api/captcha/email', '/api/v2/customers/email', '/api/accounts/email/reset-pass']

test('POST-only product API paths answer other methods with 405 and Allow, not the app shell', async ({
  request,
  baseURL,
}) => {
  for (const path of POST_ONLY) {
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const answer = await request.fetch(path, { method, headers: { origin: baseURL! } })
      expect(answer.status(), `${method} ${path}`).toBe(405)
      expect(answer.headers()['allow'], `${method} ${path}`).toBe('POST')
      expect(answer.headers()['content-type']).toContain('application/json')
      expect(await answer.json()).toMatchObject({ error: { code: 'METHOD_NOT_ALLOWED' } })
    }
  }
})

test('a language switch in one tab reaches the other tabs, and the browser writes the locale cookie', async ({
  page,
}) => {
  await gotoHydrated(page, '/news')
  const other = await page.context().newPage()
  await gotoHydrated(other, '/how-to-buy')
  await page.getByTestId('language-switcher').selectOption('de')
  await expect(page).toHaveURL(/\/de\/news$/)
  await expect(other).toHaveURL(/\/de\/how-to-buy$/, { timeout: 10_000 })
  await expect(other.locator('html')).toHaveAttribute('lang', 'de')
  const cookie = (await page.context().cookies()).find((c) => c.name === 'i18n_locale')
  expect(cookie).toMatchObject({ value: 'de', path: '/', sameSite: 'Lax' })
  expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(364 * 24 * 3600)
})

async function openHome(page: Page, connection?: { effectiveType: string; saveData: boolean }) {
  if (connection) {
    await page.addInitScript((c) => Object.defineProperty(navigator, 'connection', { value: c }), connection)
  }
  await page.setViewportSize({ width: 1280, height: 800 })
  await gotoHydrated(page, '/')
}

test('header links prefetch the next page on hover', async ({ page }) => {
  await openHome(page)
  // The after-idle widgets have loaded their code: what follows the hover is the prefetch.
  await page.locator('html[data-widgets="ready"]').waitFor({ state: 'attached' })
  const prefetch = page.waitForRequest((request) => /^\/(assets|_serverFn)\//.test(new URL(request.url()).pathname))
  await page.getByTestId('main-nav').getByRole('link').first().hover()
  await prefetch
})

test('no prefetch on a 2G connection or with Save-Data', async ({ browser }) => {
  for (const connection of [
    { effectiveType: 'slow-2g', saveData: false },
    { effectiveType: '2g', saveData: false },
    { effectiveType: '4g', saveData: true },
    { effectiveType: '4g', saveData: false },
  ]) {
    const context = await browser.newContext()
    const page = await context.newPage()
    await openHome(page, connection)
    // The router's own setting decides whether a hover or focus prefetches anything.
    const setting = await page.evaluate(
      () =>
        (window as unknown as { __TSR_ROUTER__: { options: { defaultPreload: unknown } } }).__TSR_ROUTER__.options
          .defaultPreload,
    )
    expect(setting, JSON.stringify(connection)).toBe(
      connection.effectiveType === '4g' && !connection.saveData ? 'intent' : false,
    )
    await context.close()
  }
})

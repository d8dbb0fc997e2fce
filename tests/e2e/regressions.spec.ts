import { expect, test } from '@playwright/test'
import { clickNavEntry, gotoHydrated } from './support'

/** Issue 36's regressions against the spec: the first visit's language sticks; a missing chunk reloads once. */

test('the language of the first visit sticks when the browser list changes later (SPEC §4)', async ({ browser }) => {
  const context = await browser.newContext({ extraHTTPHeaders: { 'accept-language': 'en-US,en;q=0.9' } })
  const page = await context.newPage()
  await gotoHydrated(page, '/news')
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await expect.poll(async () => (await context.cookies()).find((c) => c.name === 'i18n_locale')?.value).toBe('en')

  // The same browser later prefers German: the stored first choice wins.
  await context.setExtraHTTPHeaders({ 'accept-language': 'de-DE,de;q=0.9' })
  await gotoHydrated(page, '/news')
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await context.close()
})

test('an English first answer stays shareable: the server sets no cookie on it', async ({ request }) => {
  const answer = await request.get('/news', { headers: { 'accept-language': 'en-US,en;q=0.9' } })
  expect(answer.headers()['set-cookie'] ?? '').not.toContain('i18n_locale')
})

test('a route chunk missing after a deployment reloads the page once, then shows the error page', async ({ page }) => {
  const loaded = new Set<string>()
  page.on('requestfinished', (request) => {
    if (new URL(request.url()).pathname.startsWith('/assets/')) loaded.add(request.url())
  })
  await gotoHydrated(page, '/')
  await page.locator('html[data-widgets="ready"]').waitFor({ state: 'attached' })
  // "A new deployment": every script the home page has not loaded yet is gone.
  await page.route('**/assets/**/*.js', (route) =>
    loaded.has(route.request().url()) ? route.continue() : route.fulfill({ status: 404, body: '' }),
  )
  let documents = 0
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) documents += 1
  })
  await clickNavEntry(page, 'news')
  await expect(page.getByText('Something went wrong on our side.', { exact: false })).toBeVisible({ timeout: 20_000 })
  // One reload (SPEC §9: once, guarded 10 s), not the router's second one.
  expect(documents).toBe(1)
})

test('the cookie notice never covers the page: it scrolls away with the content (360 and 1366 px)', async ({
  page,
}) => {
  for (const viewport of [
    { width: 360, height: 740 },
    { width: 1366, height: 768 },
  ]) {
    await page.context().clearCookies()
    await page.setViewportSize(viewport)
    await gotoHydrated(page, '/offer/1')
    const notice = page.getByTestId('cookie-notice')
    await expect(notice).toBeVisible()
    expect(await notice.evaluate((el) => getComputedStyle(el).position)).toBe('static')
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded()
    await expect(notice).not.toBeInViewport()
  }
})

test('the banner dots are 24×24 touch targets at 360 px', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 })
  await gotoHydrated(page, '/')
  const dots = page.getByRole('button', { name: /^Show banner \d/ })
  expect(await dots.count()).toBeGreaterThan(1)
  for (const dot of await dots.all()) {
    const box = (await dot.boundingBox())!
    expect(box.width).toBeGreaterThanOrEqual(24)
    expect(box.height).toBeGreaterThanOrEqual(24)
  }
})

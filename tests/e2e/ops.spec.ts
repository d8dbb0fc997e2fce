import { readFileSync } from 'node:fs'
import { expect, test, type APIRequestContext } from '@playwright/test'
import { gotoHydrated } from './support'

const standIn = readFileSync(new URL('./fixtures/chat-standin.js', import.meta.url), 'utf8')

test('live chat appears 6 s after load, minimized', async ({ page }) => {
  await page.route('**/__e2e/chat-standin.js', (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: standIn }),
  )
  const started = Date.now()
  await gotoHydrated(page, '/en')
  await expect(page.getByTestId('banner')).toBeVisible()
  // Not before six seconds…
  await page.waitForTimeout(4000)
  await expect(page.locator('#chat-standin')).toHaveCount(0)
  // …but soon after.
  await expect(page.locator('#chat-standin')).toHaveAttribute('data-state', 'minimized', { timeout: 10_000 })
  expect(Date.now() - started).toBeGreaterThanOrEqual(6000)
  await expect(page.locator('#chat-standin')).toHaveAttribute('data-site-id', 'e2e-site')
})

test('signed in, the chat gets the name and e-mail of the profile', async ({ page }) => {
  await page.route('**/__e2e/chat-standin.js', (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: standIn }),
  )
  await gotoHydrated(page, '/en/user/profile')
  await expect(page).toHaveURL(/\/login\/[^/?]+/)
  await page.locator('input[name=email]').fill('shopper@example.com')
  await page.locator('input[name=password]').fill('Shopper123!')
  await page.getByTestId('signin-form').locator('button[type=submit]').click()
  await expect(page).toHaveURL(/\/en\/user\/profile$/)
  const widget = page.locator('#chat-standin')
  await expect(widget).toHaveAttribute('data-state', 'minimized', { timeout: 12_000 })
  await expect(widget).toHaveAttribute('data-name', 'Demo Shopper')
  await expect(widget).toHaveAttribute('data-email', 'shopper@example.com')
})

test('a changed latest.json shows the update notice', async ({ page }) => {
  await gotoHydrated(page, '/en')
  await expect(page.getByTestId('banner')).toBeVisible()
  await expect(page.getByTestId('update-notice')).toHaveCount(0)
  await page.route('**/builds/latest.json', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ id: 'a-newer-build' }) }),
  )
  await page.evaluate(() => window.dispatchEvent(new Event('focus')))
  await expect(page.getByTestId('update-notice')).toBeVisible()
})

test('the current latest.json shows no notice', async ({ page, request }) => {
  const latest = (await (await request.get('/builds/latest.json')).json()) as { id: string }
  expect(latest.id).toMatch(/^\d{14}-[0-9a-f]{6}$/)
  await gotoHydrated(page, '/en')
  await expect(page.getByTestId('banner')).toBeVisible()
  await page.evaluate(() => window.dispatchEvent(new Event('focus')))
  await page.waitForTimeout(1000)
  await expect(page.getByTestId('update-notice')).toHaveCount(0)
})

/** The lazily loaded chunks of a route: its files that the entry module does not import statically. */
async function lazyRouteChunks(request: APIRequestContext, route: string): Promise<Set<string>> {
  const html = await (await request.get('/en')).text()
  const entry = /<script type="module"[^>]*src="([^"]+)"/.exec(html)?.[1]
  const entryCode = entry ? await (await request.get(entry)).text() : ''
  const staticImports = new Set([...entryCode.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)].map((m) => m[1]))
  const candidates = new Set(
    [...entryCode.matchAll(new RegExp(`["'\\x60]\\.\\/(${route}-[A-Za-z0-9_-]+\\.js)["'\\x60]`, 'g'))].map(
      (m) => m[1]!,
    ),
  )
  for (const file of [...candidates]) {
    const code = await (await request.get(`/assets/${file}`)).text()
    for (const m of code.matchAll(new RegExp(`["'\\x60]\\.\\/(${route}-[A-Za-z0-9_-]+\\.js)["'\\x60]`, 'g')))
      candidates.add(m[1]!)
  }
  return new Set([...candidates].filter((f) => !staticImports.has(f)))
}

test('a chunk that 404s reloads the page once, then shows an error instead of looping', async ({ page, request }) => {
  // The news page's component chunk is gone, as after a deployment that removed it.
  const gone = await lazyRouteChunks(request, 'news')
  expect(gone.size).toBeGreaterThan(0)
  await page.route(/\/assets\/[^/]+\.js$/, (route) => {
    const file = new URL(route.request().url()).pathname.split('/').pop()!
    return gone.has(file) ? route.fulfill({ status: 404, body: 'gone' }) : route.fallback()
  })
  let loads = 0
  page.on('load', () => {
    loads += 1
  })
  await page.goto('/en/news')
  await expect(page.locator('[data-status="500"]')).toBeVisible({ timeout: 20_000 })
  // One reload, then the error page stays: no loop.
  await page.waitForTimeout(3000)
  expect(loads).toBe(2)
  await expect(page.locator('[data-status="500"]')).toBeVisible()
})

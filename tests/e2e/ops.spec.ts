import { readFileSync } from 'node:fs'
import type { Browser, Page } from '@playwright/test'
import { gotoHydrated } from './support'
import { expect, test } from './user-fixture'

const standIn = readFileSync(new URL('./fixtures/chat-standin.js', import.meta.url), 'utf8')
/** SPEC §4/§9 (src/modules/ops/third-party.tsx). */
const CHAT_DELAY_MS = 6000

function serveChatStandIn(page: Page) {
  return page.route('**/__e2e/chat-standin.js', (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: standIn }),
  )
}

test('live chat appears 6 s after load, minimized', async ({ page }) => {
  await serveChatStandIn(page)
  await page.clock.install()
  // The page's (fake) time of its load event; the stand-in notes its own init time the same way.
  await page.addInitScript(() => {
    window.addEventListener('load', () => {
      ;(window as unknown as { __loadedAt: number }).__loadedAt = Date.now()
    })
  })
  await gotoHydrated(page, '/en')
  await page.locator('html[data-widgets="ready"]').waitFor({ state: 'attached' })
  // From here the test moves the clock: no chat yet, and six seconds later it is there.
  await page.clock.pauseAt(Date.now() + 1_000)
  await expect(page.locator('script[src$="/__e2e/chat-standin.js"]')).toHaveCount(0)
  await page.clock.runFor(CHAT_DELAY_MS)
  // The stand-in script arrives over the network while the clock stands still (see below).
  await expect(async () => {
    await page.clock.runFor(500)
    await expect(page.locator('#chat-standin')).toHaveAttribute('data-state', 'minimized', { timeout: 1_000 })
  }).toPass({ timeout: 20_000 })
  await expect(page.locator('#chat-standin')).toHaveAttribute('data-site-id', 'e2e-site')
  // Not before six seconds after load, on the page's own clock.
  const { loadedAt, initAt } = await page.evaluate(() => {
    const w = window as unknown as { __loadedAt: number; __chatInitAt: number }
    return { loadedAt: w.__loadedAt, initAt: w.__chatInitAt }
  })
  expect(initAt - loadedAt).toBeGreaterThanOrEqual(CHAT_DELAY_MS)
})

test('signed in, the chat gets the name and e-mail of the profile', async ({ page, login }) => {
  const user = await login({ username: 'Chat Tester' })
  await serveChatStandIn(page)
  await page.clock.install()
  await gotoHydrated(page, '/en/user/profile')
  await expect(page.getByTestId('user-name')).toHaveText('Chat Tester')
  await page.locator('html[data-widgets="ready"]').waitFor({ state: 'attached' })
  // The profile has loaded (its queries need running timers); from here the test moves the clock.
  await page.clock.pauseAt(Date.now() + 1_000)
  await page.clock.runFor(CHAT_DELAY_MS)
  const widget = page.locator('#chat-standin')
  // The stand-in script loads over the network while the page's clock stands still: on a busy
  // machine it can arrive after the timer fired, so move the clock on until the widget is there.
  await expect(async () => {
    await page.clock.runFor(500)
    await expect(widget).toHaveAttribute('data-state', 'minimized', { timeout: 1_000 })
  }).toPass({ timeout: 20_000 })
  // The profile is handed over on the loader's next 500 ms poll once the widget exists.
  await expect(async () => {
    await page.clock.runFor(500)
    await expect(widget).toHaveAttribute('data-name', 'Chat Tester', { timeout: 1_000 })
  }).toPass({ timeout: 20_000 })
  await expect(widget).toHaveAttribute('data-email', user.email)
})

test('a changed latest.json shows the update notice', async ({ page }) => {
  await gotoHydrated(page, '/en')
  await expect(page.getByTestId('banner')).toBeVisible()
  await expect(page.getByTestId('update-notice')).toHaveCount(0)
  // The notice is an after-idle widget: it listens once the page is idle.
  await page.locator('html[data-widgets="ready"]').waitFor({ state: 'attached' })
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
  await page.locator('html[data-widgets="ready"]').waitFor({ state: 'attached' })
  // The check happened (its answer arrived) and, two frames later, still no notice.
  const answered = page.waitForResponse('**/builds/latest.json')
  await page.evaluate(() => window.dispatchEvent(new Event('focus')))
  expect(((await (await answered).json()) as { id: string }).id).toBe(latest.id)
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
  await expect(page.getByTestId('update-notice')).toHaveCount(0)
})

/** The scripts a client-side navigation from `from` to `to` loads: that route's lazy chunks. */
async function lazyScripts(browser: Browser, from: string, to: string): Promise<string[]> {
  const page = await browser.newPage()
  await gotoHydrated(page, from)
  const files: string[] = []
  page.on('request', (r) => {
    if (r.resourceType() === 'script') files.push(new URL(r.url()).pathname)
  })
  await page.evaluate(async (href) => {
    const w = window as unknown as { __TSR_ROUTER__: { navigate(o: { href: string }): Promise<void> } }
    await w.__TSR_ROUTER__.navigate({ href })
  }, to)
  await expect(page).toHaveURL(new RegExp(`${to}$`))
  await page.close()
  return files
}

test('a chunk that 404s reloads the page once, then shows an error instead of looping', async ({ page, browser }) => {
  // The news page's own chunks are gone, as after a deployment that removed them.
  const gone = await lazyScripts(browser, '/en', '/en/news')
  expect(gone.length).toBeGreaterThan(0)
  await page.route(/\/assets\/[^/]+\.js$/, (route) =>
    gone.includes(new URL(route.request().url()).pathname)
      ? route.fulfill({ status: 404, body: 'gone' })
      : route.fallback(),
  )
  let loads = 0
  page.on('load', () => {
    loads += 1
  })
  await page.goto('/en/news')
  // The error page is what the second failure shows instead of reloading again: no loop.
  await expect(page.locator('[data-status="500"]')).toBeVisible({ timeout: 20_000 })
  expect(loads).toBe(2)
})

import { readFileSync } from 'node:fs'
import { expect, test } from '@playwright/test'
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

test('a chunk that 404s reloads the page once, then shows an error instead of looping', async ({ page }) => {
  let loads = 0
  page.on('load', () => {
    loads += 1
  })
  // Every chunk of the news page is gone, as after a deployment that removed them.
  await page.route(/\/assets\/news-[^/]+\.js$/, (route) => route.fulfill({ status: 404, body: 'gone' }))
  await page.goto('/en/news')
  await expect(page.locator('[data-status="500"]')).toBeVisible({ timeout: 20_000 })
  // One reload, then the error page stays: no loop.
  await page.waitForTimeout(3000)
  expect(loads).toBe(2)
  await expect(page.locator('[data-status="500"]')).toBeVisible()
})

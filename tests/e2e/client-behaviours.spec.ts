import { expect, test } from '@playwright/test'
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

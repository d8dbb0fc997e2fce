import { expect, test } from '@playwright/test'
import { TELEGRAM_IN_APP_UA, WHATSAPP_IN_APP_UA, WHATSAPP_PREVIEW_UA } from '../fixtures/user-agents'
import { referralCookie } from './support'

/**
 * Referral links are mostly shared in Telegram and WhatsApp: a friend opening one in the app's own
 * browser is a person and must count; the app's link-preview fetch (no scripts, no cookies kept)
 * must not. The counting itself is asserted in tests/integration/affiliate-api.test.ts.
 */
for (const [app, userAgent] of [
  ['Telegram', TELEGRAM_IN_APP_UA],
  ['WhatsApp', WHATSAPP_IN_APP_UA],
] as const) {
  test(`a referral link opened in ${app}'s in-app browser is counted and attributes`, async ({ browser }) => {
    const context = await browser.newContext({ userAgent, viewport: { width: 390, height: 844 } })
    const page = await context.newPage()
    await page.goto('/affiliate/reflink/demopro-launch')
    await expect(page).toHaveURL(/\/$/)
    const attribution = await referralCookie(context)
    expect(attribution.httpOnly).toBe(true)
    expect((await context.cookies()).some((c) => c.name === 'aff_pending')).toBe(false)
    await context.close()
  })
}

test('a link-preview fetch (no scripts, no cookies kept) counts nothing', async ({ playwright, baseURL }) => {
  const fetcher = await playwright.request.newContext({ baseURL, userAgent: WHATSAPP_PREVIEW_UA })
  const res = await fetcher.get('/affiliate/reflink/demopro-launch')
  expect(res.status()).toBe(200)
  expect(await res.text()).toContain('<html')
  // It got the landing page, but nothing confirmed the click: no attribution, no visitor id.
  const names = (await fetcher.storageState()).cookies.map((c) => c.name)
  expect(names).not.toContain('aff_ref')
  expect(names).not.toContain('aff_vid')
  await fetcher.dispose()
})

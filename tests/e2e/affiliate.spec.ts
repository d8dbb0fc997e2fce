import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { codeFor, gotoHydrated, referralCookie } from './support'
import { expect, signInAs, test } from './user-fixture'

/**
 * Affiliate journeys: a referral click sets the attribution cookie and a sign-up after it counts
 * for the promoter; a new user joins the programme; a promoter's dashboard (chart, links, CSV,
 * withdrawal form). Each test makes its own promoter (user-fixture.ts). Commission from a paid
 * order is the affiliate journey's (affiliate-journey.spec.ts).
 */

// Headless Chromium announces itself as HeadlessChrome, which the click counter treats as a bot.
const BROWSER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36'
test.use({ userAgent: BROWSER_UA })

function linkRow(page: Page, code: string) {
  return page.locator(`[data-link-code="${code}"]`)
}

test('a referral click attributes a sign-up, and the new user joins the programme', async ({
  page,
  context,
  browser,
  newUser,
}) => {
  // A promoter of this test, with a link to the home page, dashboard open in its own browser.
  const promoter = await newUser({ promoter: true })
  const promoterContext = await browser.newContext({ userAgent: BROWSER_UA })
  await signInAs(promoterContext, promoter)
  const created = await promoterContext.request.post('/api/ms/referral/links', {
    data: { target: '/', campaign: 'launch' },
  })
  expect(created.status()).toBe(201)
  const { code } = (await created.json()) as { code: string }

  await page.goto(`/fr/affiliate/reflink/${code.toLowerCase()}`)
  await expect(page).toHaveURL(/\/fr\/?$/)
  const attribution = await referralCookie(context)
  expect(attribution.httpOnly).toBe(true)
  expect(attribution?.sameSite).toBe('Lax')
  const days = (attribution!.expires * 1000 - Date.now()) / 86_400_000
  expect(days).toBeGreaterThan(29.9)
  expect(days).toBeLessThanOrEqual(30)

  // Sign up in the same browser: the attribution cookie rides along with the sign-up request.
  const email = `referred-${code.toLowerCase()}@example.com`
  await page.getByTestId('sign-in').click()
  await page.getByTestId('to-sign-up').click()
  await page.getByTestId('code-request-form').locator('input[name=email]').fill(email)
  await page.getByTestId('code-request-form').locator('button[type=submit]').click()
  const confirm = page.getByTestId('code-confirm-form')
  await confirm.locator('input[name=code]').fill(await codeFor(email))
  await confirm.locator('input[name=password]').fill('Referred123')
  await confirm.locator('button[type=submit]').click()
  await expect(page.getByTestId('user-name')).toBeVisible()

  // The promoter's dashboard counts the click and the sign-up on that link.
  const dashboard = await promoterContext.newPage()
  await dashboard.goto('/en/affiliate/dashboard')
  await expect(linkRow(dashboard, code).locator('td').nth(1)).toHaveText('1')
  await expect(linkRow(dashboard, code).locator('td').nth(2)).toHaveText('1')
  await promoterContext.close()

  // The landing page shows the configured terms; joining opens the dashboard. (/en: the visit
  // above stored French as the preferred language.)
  await gotoHydrated(page, '/en/affiliate')
  const terms = page.getByTestId('affiliate-terms')
  await expect(terms.locator('[data-term=rate] dt')).toHaveText('5%')
  await expect(terms.locator('[data-term=hold] dt')).toHaveText('14')
  await expect(terms.locator('[data-term=window] dt')).toHaveText('30')
  await expect(terms.locator('[data-term=minimum] dt')).toHaveText('$20.00')
  await page.getByTestId('become-promoter').click()
  await expect(page).toHaveURL(/\/affiliate\/dashboard/)
  await expect(page.getByTestId('balance-available')).toContainText('$0.00')
})

test('a promoter manages links, exports CSV and is refused an overdraw', async ({ page, login }) => {
  await login({ promoter: true })
  await gotoHydrated(page, '/affiliate/dashboard')
  await expect(page.getByTestId('affiliate-dashboard')).toBeVisible()
  // A new promoter has no figures yet: the panel says so instead of drawing an empty chart.
  await expect(page.getByTestId('performance-empty')).toBeVisible()
  await expect(page.getByTestId('performance-chart')).toHaveCount(0)

  // A new link for a shop page; a foreign target is refused with a translated message.
  const form = page.getByTestId('link-form')
  await form.locator('input[name=target]').fill('https://evil.example/')
  await form.locator('button[type=submit]').click()
  await expect(page.getByRole('alert')).toContainText('starting with “/”')
  await form.locator('input[name=target]').fill('/news')
  await form.locator('input[name=campaign]').fill('e2e')
  await form.locator('button[type=submit]').click()
  await expect(page.getByTestId('links-table').getByText('/news · e2e')).toHaveCount(1)

  // CSV of the chosen range.
  await page.getByRole('button', { name: '7 days' }).click()
  await expect(page).toHaveURL(/from=\d{4}-\d{2}-\d{2}.*to=\d{4}-\d{2}-\d{2}/)
  const asked = new URL(page.url()).searchParams
  // The figures on screen (and so the export) are those of the new range, not the previous one's.
  await expect(page.getByTestId('export-csv')).toHaveAttribute('data-range', `${asked.get('from')}/${asked.get('to')}`)
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()])
  const csv = readFileSync((await download.path())!, 'utf8')
  expect(csv.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('Date,Clicks,Sign-ups,Orders,Revenue,Commission,Currency')
  expect(csv.split('\r\n').filter(Boolean)).toHaveLength(8)

  // Withdrawals: a bad IBAN and more than the available balance are refused.
  const withdraw = page.getByTestId('withdrawal-form')
  await withdraw.locator('input[name=amount]').fill('25')
  await withdraw.getByLabel('Bank (IBAN)').check()
  await withdraw.locator('input[name=destination]').fill('DE89 3704 0044 0532 0130 01')
  await withdraw.locator('button[type=submit]').click()
  await expect(page.getByRole('alert')).toContainText('IBAN is not valid')
  await withdraw.locator('input[name=amount]').fill('100000')
  await withdraw.locator('input[name=destination]').fill('DE89 3704 0044 0532 0130 00')
  await withdraw.locator('button[type=submit]').click()
  await expect(page.getByRole('alert')).toContainText('more than your available balance')
})

test('referral API answers 401 without a session', async ({ request }) => {
  for (const url of [
    '/api/ms/referral/balance',
    '/api/ms/referral/links',
    '/api/ms/withdrawals',
    '/api/ms/promoters',
  ]) {
    const response = await request.get(url)
    expect(response.status(), url).toBe(401)
    expect((await response.json()).error.code).toBe('UNAUTHENTICATED')
  }
})

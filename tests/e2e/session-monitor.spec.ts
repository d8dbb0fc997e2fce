import { expect as baseExpect, test, type BrowserContext, type Page } from '@playwright/test'
import { codeFor, gotoHydrated, outboxMark } from './support'

// Sign-in crosses several redirects and a popup: allow for a busy machine.
const expect = baseExpect.configure({ timeout: 15_000 })
test.describe.configure({ timeout: 120_000 })
/**
 * SPEC §4/§9: the session monitor and the sign-out-on-401 layer. Each test signs up its own
 * account, so a password reset or an ended session never touches another test's user.
 */

async function signUp(page: Page, email: string, password: string) {
  await gotoHydrated(page, '/how-to-buy')
  await page.getByTestId('sign-in').click()
  await page.getByTestId('to-sign-up').click()
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
  await page.getByTestId('code-request-form').locator('input[name=email]').fill(email)
  await page.getByTestId('code-request-form').locator('button[type=submit]').click()
  const confirm = page.getByTestId('code-confirm-form')
  await confirm.locator('input[name=code]').fill(await codeFor(email))
  await confirm.locator('input[name=password]').fill(password)
  await confirm.locator('button[type=submit]').click()
  await expect(page).toHaveURL(/\/how-to-buy$/)
  await expect(page.getByTestId('user-name')).toBeVisible()
}

/** The browser keeps its cookie, but the server no longer has the session behind it. */
async function endSessionOnServer(context: BrowserContext, baseURL: string) {
  await context.addCookies([
    { name: 'session', value: `ended-${Date.now()}`, url: baseURL, httpOnly: true, sameSite: 'Lax' },
  ])
}

/** A background tab: the monitor's server check runs only in a visible tab, so only the 401 path acts. */
async function asBackgroundTab(page: Page) {
  await page.addInitScript(() => {
    Object.defineProperty(Document.prototype, 'visibilityState', { get: () => 'hidden', configurable: true })
  })
}

const newEmail = (tag: string) => `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`

test('two tabs: signing out in one shows the other signed out within 3 s, without a page load', async ({ page }) => {
  await signUp(page, newEmail('tabs'), 'Tabs12345')
  const other = await page.context().newPage()
  await gotoHydrated(other, '/news')
  await expect(other.getByTestId('user-name')).toBeVisible()
  let reloaded = false
  other.on('framenavigated', (frame) => {
    if (frame === other.mainFrame()) reloaded = true
  })

  await page.getByTestId('user-menu').click()
  await page.getByTestId('sign-out').click()
  await expect(other.getByTestId('sign-in')).toBeVisible({ timeout: 3_000 })
  expect(reloaded).toBe(false)
  // A sign-out of your own is not an ended session: no dialog.
  await expect(other.getByRole('dialog')).toHaveCount(0)
})

test('a password reset in another browser signs out both tabs', async ({ page, browser, baseURL }) => {
  // Three sign-in flows (sign-up, a second tab, a reset in another browser) in one test.
  test.setTimeout(240_000)
  const email = newEmail('reset')
  await signUp(page, email, 'Reset12345')
  const other = await page.context().newPage()
  await gotoHydrated(other, '/news')
  await expect(other.getByTestId('user-name')).toBeVisible()

  const elsewhere = await browser.newContext({ baseURL })
  const third = await elsewhere.newPage()
  await gotoHydrated(third, '/how-to-buy')
  await third.getByTestId('sign-in').click()
  await third.getByTestId('to-forgot-password').click()
  await third.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
  await third.getByTestId('code-request-form').locator('input[name=email]').fill(email)
  const beforeReset = outboxMark()
  await third.getByTestId('code-request-form').locator('button[type=submit]').click()
  const confirm = third.getByTestId('code-confirm-form')
  // The sign-up code went to the same address: wait for the reset's own mail.
  await confirm.locator('input[name=code]').fill(await codeFor(email, beforeReset))
  await confirm.locator('input[name=password]').fill('Changed12345')
  await confirm.locator('button[type=submit]').click()
  await expect(third).toHaveURL(/notice=password-reset/)

  await expect(page.getByTestId('sign-in')).toBeVisible({ timeout: 6_000 })
  await expect(other.getByTestId('sign-in')).toBeVisible({ timeout: 6_000 })
  await elsewhere.close()
})

test('an ended session: saving the profile shows signed out and opens the sign-in dialog', async ({
  page,
  baseURL,
}) => {
  await asBackgroundTab(page)
  await signUp(page, newEmail('expired'), 'Expired123')
  await gotoHydrated(page, '/user/profile')
  await endSessionOnServer(page.context(), baseURL!)
  await page.getByTestId('profile-form').locator('input[name=username]').fill('Someone else')
  await page.getByTestId('profile-save').click()
  await expect(page.getByTestId('sign-in')).toBeVisible()
  const dialog = page.getByRole('dialog')
  await expect(dialog).toBeVisible()
  await expect(dialog).toHaveAttribute('data-reason', 'expired')
})

test('an ended session: checking a coupon (another server function) does the same', async ({ page, baseURL }) => {
  await asBackgroundTab(page)
  await signUp(page, newEmail('coupon'), 'Coupon1234')
  await gotoHydrated(page, '/coupon')
  await endSessionOnServer(page.context(), baseURL!)
  await page.getByTestId('coupon-redeem').locator('input[name=code]').fill('WELCOME10')
  await page.getByTestId('coupon-redeem').locator('button[type=submit]').click()
  await expect(page.getByTestId('sign-in')).toBeVisible()
  await expect(page.getByRole('dialog')).toHaveAttribute('data-reason', 'expired')
})

test('silent check: a storefront session that vanished is restored from the live authorization-server session', async ({
  page,
  baseURL,
}) => {
  await signUp(page, newEmail('silent'), 'Silent1234')
  const before = (await page.context().cookies()).find((c) => c.name === 'session_state')?.value
  expect(before).toBeTruthy()
  await endSessionOnServer(page.context(), baseURL!)
  await page.reload()
  // The page renders signed out, then the hidden prompt=none frame signs in again without a prompt.
  await expect(page.getByTestId('user-name')).toBeVisible()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect
    .poll(async () => (await page.context().cookies()).find((c) => c.name === 'session_state')?.value)
    .not.toBe(before)
  await expect(page.locator('iframe[title="session check"]')).toHaveCount(0)
})

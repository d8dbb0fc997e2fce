import { freshTotpCode } from '../fixtures/totp-codes'
import { checkoutPath } from './shop-pages'
import { gotoHydrated } from './support'
import { expect, signInAs, test } from './user-fixture'

/**
 * Issue 34, the staff second factor (ADR 111): an admin without one reaches only the set-up; sets up
 * the authenticator (QR code, recovery codes), signs out, signs in with the password and then the
 * code (a wrong one is refused with a message); after the step-up window (the test clock moved
 * past STAFF_STEP_UP_MINUTES) a refund asks for the code again; wrong codes end rate-limited.
 */
test('an admin enrols TOTP, signs in with password and code, confirms again before a refund, and is rate-limited on wrong codes', async ({
  page,
  browser,
  newUser,
}) => {
  test.setTimeout(120_000)
  // A shopper's paid order to refund.
  const shopperContext = await browser.newContext()
  const shopperPage = await shopperContext.newPage()
  await signInAs(shopperPage, await newUser())
  await gotoHydrated(shopperPage, checkoutPath(''))
  await shopperPage.getByTestId('method-wallet').check()
  await shopperPage.getByTestId('place-order').click()
  await shopperPage.locator('button[value=approve]').click()
  await expect(shopperPage.getByTestId('payment-result')).toHaveAttribute('data-outcome', 'paid', { timeout: 20_000 })
  const orderId = new URL(shopperPage.url()).searchParams.get('orderId')!
  await shopperContext.close()

  // 1. A new admin without a second factor: every back-office page is the set-up.
  const admin = await newUser({ role: 'admin', factor: false })
  expect(admin.totpSecret).toBeNull()
  await signInAs(page, admin)
  await gotoHydrated(page, `/admin/orders/${orderId}`)
  await expect(page.getByTestId('staff-factor-enrol')).toBeVisible()
  await expect(page.getByTestId('admin-order')).toHaveCount(0)
  await page.getByTestId('staff-factor-start').click()
  await expect(page.getByTestId('staff-factor-qr')).toHaveAttribute('src', /^data:image\/svg\+xml;base64,/)
  const secret = (await page.getByTestId('staff-factor-secret').innerText()).trim()
  await page.getByTestId('staff-factor-confirm-code').fill(await freshTotpCode(secret))
  await page.getByTestId('staff-factor-confirm-submit').click()
  await expect(page.getByTestId('staff-recovery-codes').locator('li')).toHaveCount(10)
  await page.getByTestId('staff-factor-continue').click()
  await expect(page.getByTestId('admin-order')).toBeVisible()

  // 2. Sign out, sign in with the password: the back office asks for the code.
  await gotoHydrated(page, '/')
  await page.getByTestId('user-menu').click()
  await page.getByTestId('sign-out').click()
  await expect(page.getByTestId('sign-in')).toBeVisible()
  await signInAs(page, admin)
  await gotoHydrated(page, `/admin/orders/${orderId}`)
  await expect(page.getByTestId('staff-factor-check')).toBeVisible()
  await page.getByTestId('staff-factor-code').fill('000000')
  await page.getByTestId('staff-factor-submit').click()
  await expect(page.getByTestId('staff-factor-error')).toHaveText(
    'This code is not right. Check your authenticator app and try again.',
  )
  await expect(page.getByTestId('admin-order')).toHaveCount(0)
  await page.getByTestId('staff-factor-code').fill(await freshTotpCode(secret))
  await page.getByTestId('staff-factor-submit').click()
  await expect(page.getByTestId('admin-order')).toBeVisible()
  await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', 'delivered', { timeout: 20_000 })

  // 3. After the step-up window (the test clock), a refund asks for the code again.
  const moved = await page.request.post('/api/workshop/clock', { data: { advanceMinutes: 16 } })
  expect(moved.status(), await moved.text()).toBe(200)
  page.once('dialog', (dialog) => void dialog.accept())
  await page.getByTestId('admin-refund').click()
  await expect(page.getByTestId('admin-action-result')).toHaveText(
    'Confirm again with your authenticator code or passkey (in the side bar), then try again.',
  )
  await page.getByTestId('staff-step-up-code').fill(await freshTotpCode(secret))
  await page.getByTestId('staff-step-up-submit').click()
  await expect(page.getByTestId('staff-step-up-done')).toBeVisible()
  page.once('dialog', (dialog) => void dialog.accept())
  await page.getByTestId('admin-refund').click()
  await expect(page.getByTestId('admin-action-result')).toHaveText(
    'Refund requested. The gateway confirms it in a moment.',
  )

  // 4. Wrong codes: each refused with the message, then the account waits.
  const error = page.getByTestId('staff-step-up-error')
  await expect(async () => {
    await page.getByTestId('staff-step-up-code').fill('111111')
    await page.getByTestId('staff-step-up-submit').click()
    await expect(error).toHaveText(/^Too many attempts/, { timeout: 1000 })
  }).toPass({ timeout: 30_000 })
})

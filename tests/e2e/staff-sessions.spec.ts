import { gotoHydrated } from './support'
import { expect, signInAs, test } from './user-fixture'

const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1'

/**
 * Issue 34, ADR 112: an admin signed in on a laptop and on a phone sees both sessions on
 * /admin/staff (the laptop's marked as this session, the phone's browser and address), ends the
 * phone's, and the phone is signed out on its next navigation (back to the code page). The list fits a 360 px screen.
 */
test('an admin sees their two sessions on /admin/staff and ends the other one: that browser is signed out', async ({
  page,
  browser,
  newUser,
}) => {
  test.setTimeout(90_000)
  const admin = await newUser({ role: 'admin' })
  const phone = await browser.newContext({
    userAgent: PHONE_UA,
    extraHTTPHeaders: { 'x-forwarded-for': `10.77.${Math.floor(Math.random() * 250)}.9` },
  })
  const phonePage = await phone.newPage()
  await signInAs(page, admin)
  await signInAs(phonePage, admin)
  await gotoHydrated(phonePage, '/admin')
  await expect(phonePage.getByTestId('paid-today')).toBeVisible()

  await page.setViewportSize({ width: 360, height: 740 })
  await gotoHydrated(page, '/admin/staff')
  // Other journeys' staff are signed in on the same server: this admin's cards only.
  const mine = page.getByTestId('staff-session').filter({ hasText: admin.email })
  await expect(mine).toHaveCount(2)
  const laptop = mine.and(page.locator('[data-current="true"]'))
  await expect(laptop.getByTestId('staff-session-current')).toHaveText('This session')
  await expect(laptop.getByTestId('staff-session-revoke')).toHaveCount(0)
  const other = mine.and(page.locator(':not([data-current])'))
  await expect(other).toContainText('Safari 18 on iPhone')
  await expect(other).toContainText(/10\.77\.\d+\.9/)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)

  page.once('dialog', (dialog) => void dialog.accept())
  await other.getByTestId('staff-session-revoke').click()
  await expect(page.getByTestId('staff-sessions-done')).toHaveText('The session was ended.')
  await expect(mine).toHaveCount(1)

  // The phone's next navigation: its session is gone. The authorization server may sign the
  // browser in again silently, but a new session must prove the second factor first (ADR 112).
  await gotoHydrated(phonePage, '/admin')
  await expect(phonePage.getByTestId('staff-factor-check')).toBeVisible()
  await expect(phonePage.getByTestId('paid-today')).toHaveCount(0) // the dashboard's figures
  await phone.close()
})

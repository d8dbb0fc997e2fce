import { E2E_PORT } from './server-env'
import { gotoHydrated } from './support'
import { expect, signInAs, test } from './user-fixture'
import { virtualAuthenticator } from './virtual-authenticator'

/**
 * A passkey as the staff second factor (ADR 111, 113), with Chromium's virtual authenticator, on
 * http://localhost (WebAuthn needs a domain). It moves the server's test clock past the step-up
 * window, so it runs in the clock project, after the other journeys.
 */
test.use({ baseURL: `http://localhost:${E2E_PORT}` })

test('an admin enrols a passkey as the second factor, signs in with it and passes a step-up with it', async ({
  page,
  newUser,
}) => {
  test.setTimeout(120_000)
  await virtualAuthenticator(page)
  const admin = await newUser({ role: 'admin', factor: false })
  const grantee = await newUser()
  await signInAs(page, admin)

  // No factor yet: the back office is the set-up; a passkey is one of the two choices.
  await gotoHydrated(page, '/admin/staff')
  await expect(page.getByTestId('staff-factor-enrol')).toBeVisible()
  await page.getByTestId('staff-passkey-label').fill('Office laptop')
  await page.getByTestId('staff-passkey-enrol').click()
  await expect(page.getByTestId('staff-table')).toBeVisible()

  // A new sign-in: the back office asks for the factor, the passkey answers it (no code form).
  await page.context().clearCookies()
  await signInAs(page, admin)
  await gotoHydrated(page, '/admin/staff')
  await expect(page.getByTestId('staff-factor-check')).toBeVisible()
  await expect(page.getByTestId('staff-factor-code')).toHaveCount(0)
  await page.getByTestId('staff-factor-passkey').click()
  await expect(page.getByTestId('staff-table')).toBeVisible()

  // After the step-up window, a role change asks again; the side bar's passkey confirms it.
  const moved = await page.request.post('/api/workshop/clock', { data: { advanceMinutes: 16 } })
  expect(moved.status(), await moved.text()).toBe(200)
  const grant = page.getByRole('form', { name: 'Give a role' })
  await grant.getByRole('textbox').fill(grantee.email)
  await grant.getByRole('button', { name: 'Grant' }).click()
  await expect(grant.getByRole('alert')).toHaveText(
    'Confirm again with your authenticator code or passkey (in the side bar), then try again.',
  )
  await page.getByTestId('staff-step-up-passkey').click()
  await expect(page.getByTestId('staff-step-up-done')).toBeVisible()
  await grant.getByRole('textbox').fill(grantee.email)
  await grant.getByRole('button', { name: 'Grant' }).click()
  await expect(grant.locator('output')).toHaveText(`${grantee.email} now has the role.`)

  // The audit log names the passkey's uses.
  await gotoHydrated(page, `/admin/audit?action=staff.passkey_use`)
  const row = page.getByTestId('audit-row').filter({ hasText: admin.email })
  await expect(row.getByTestId('audit-action-name')).toHaveText([
    'Passkey used as second factor',
    'Passkey used as second factor',
  ])
  await expect(row.first()).toContainText('Office laptop')
})

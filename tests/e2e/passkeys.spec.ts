import type { CDPSession, Page } from '@playwright/test'
import { E2E_PORT } from './server-env'
import { gotoHydrated } from './support'
import { expect, signInAs, test } from './user-fixture'

/**
 * Passkeys (ADR 113, 115) in Chromium with a virtual authenticator (CDP WebAuthn: ctap2, internal,
 * resident keys, user verification). WebAuthn needs a domain as the relying party, so these
 * journeys use http://localhost:PORT (the shop's own loopback origin, like the quick start) rather
 * than 127.0.0.1.
 */
test.use({ baseURL: `http://localhost:${E2E_PORT}` })

async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })
  return { cdp, authenticatorId }
}

const TEXT = {
  en: { lastUsed: /Last used/, added: 'Passkey “My laptop” added. You can sign in with it now.' },
  de: { lastUsed: /Zuletzt verwendet/, added: 'Passkey „My laptop“ hinzugefügt. Du kannst dich jetzt damit anmelden.' },
} as const

for (const locale of ['en', 'de'] as const) {
  test(`a shopper adds a passkey on the profile, signs out and signs in with it (${locale})`, async ({
    page,
    login,
  }) => {
    test.setTimeout(90_000)
    const prefix = locale === 'en' ? '' : `/${locale}`
    const { cdp, authenticatorId } = await virtualAuthenticator(page)
    const shopper = await login()

    await gotoHydrated(page, `${prefix}/user/profile`)
    const section = page.getByTestId('passkeys')
    await expect(section.getByTestId('passkeys-empty')).toBeVisible()
    await section.getByTestId('passkey-label').fill('My laptop')
    await section.getByTestId('passkey-add').click()
    await expect(section.getByTestId('passkey-added')).toHaveText(TEXT[locale].added)
    await expect(section.getByTestId('passkey-row-label')).toHaveText(['My laptop'])
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId })
    expect(credentials).toHaveLength(1)
    expect(credentials[0]!.isResidentCredential).toBe(true)

    // The same device again: the browser refuses it (excluded), the page says so.
    await section.getByTestId('passkey-label').fill('Again')
    await section.getByTestId('passkey-add').click()
    await expect(section.getByTestId('passkey-error')).toBeVisible()
    await expect(section.getByTestId('passkey-row-label')).toHaveCount(1)

    // Sign out, then sign in on the authorization server's page with the passkey alone.
    await page.getByTestId('user-menu').click()
    await page.getByTestId('sign-out').click()
    await expect(page.getByTestId('sign-in')).toBeVisible()
    await page.getByTestId('sign-in').click()
    await expect(page).toHaveURL(new RegExp(`${prefix}/login/[^/?]+`))
    await expect(page.locator('html')).toHaveAttribute('lang', locale)
    await page.getByTestId('passkey-sign-in').click()
    await expect(page.getByTestId('user-menu')).toBeVisible({ timeout: 20_000 })

    await gotoHydrated(page, `${prefix}/user/profile`)
    await expect(page.getByTestId('passkey-row-label')).toHaveText(['My laptop'])
    await expect(page.getByTestId('passkey-row')).toContainText(TEXT[locale].lastUsed)
    // Signed in as the passkey's owner.
    await expect(page.getByText(shopper.email).first()).toBeVisible()

    // Removed (confirmed), the passkey no longer signs in: the page says it is not recognised.
    await page.getByTestId('passkey-remove').click()
    await page.getByTestId('passkey-remove-confirm').click()
    await expect(page.getByTestId('passkeys-empty')).toBeVisible()
    await page.getByTestId('user-menu').click()
    await page.getByTestId('sign-out').click()
    await expect(page.getByTestId('sign-in')).toBeVisible()
    await page.getByTestId('sign-in').click()
    await expect(page).toHaveURL(new RegExp(`${prefix}/login/[^/?]+`))
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
    await page.getByTestId('passkey-sign-in').click()
    await expect(page.getByRole('alert')).toBeVisible()
    await expect(page.getByTestId('user-menu')).toHaveCount(0)
  })
}

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

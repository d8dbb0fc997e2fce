import { E2E_PORT } from './server-env'
import { gotoHydrated } from './support'
import { virtualAuthenticator } from './virtual-authenticator'
import { expect, test } from './user-fixture'

/**
 * Passkeys for shoppers (ADR 113, 115) in Chromium with a virtual authenticator
 * (virtual-authenticator.ts). WebAuthn needs a domain as the relying party, so these
 * journeys use http://localhost:PORT (the shop's own loopback origin, like the quick start) rather
 * than 127.0.0.1.
 */
test.use({ baseURL: `http://localhost:${E2E_PORT}` })

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

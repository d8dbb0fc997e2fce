import { randomUUID } from 'node:crypto'
import type { Page } from '@playwright/test'
import { expect, test } from './user-fixture'
import { codeFor } from './support'

const JWT = /eyJ[\w-]{8,}\.[\w-]{8,}\.[\w-]{8,}/

/** Collects every HTML and JSON body the browser receives, to prove no token ever reaches it. */
function watchBodies(page: Page): string[] {
  const bodies: string[] = []
  page.on('response', async (response) => {
    const type = response.headers()['content-type'] ?? ''
    if (!/html|json/.test(type) || response.status() >= 300) return
    bodies.push(await response.text().catch(() => ''))
  })
  return bodies
}

async function expectNoTokensInBrowser(page: Page, bodies: string[]) {
  const cookie = await page.evaluate(() => document.cookie)
  expect(cookie).not.toMatch(/session=|_session=|_interaction/)
  expect(cookie).not.toMatch(JWT)
  for (const body of bodies) {
    expect(body).not.toMatch(JWT)
    expect(body).not.toMatch(/"(access_token|refresh_token|id_token)"/)
  }
  const session = (await page.context().cookies()).find((c) => c.name === 'session')
  if (session) {
    expect(session.httpOnly).toBe(true)
    expect(session.sameSite).toBe('Lax')
  }
}

async function signOut(page: Page, prefix: string) {
  await page.getByTestId('user-menu').click()
  await page.getByTestId('sign-out').click()
  await expect(page).toHaveURL(new RegExp(`^[^?]*${prefix || ''}/?$`))
  await expect(page.getByTestId('sign-in')).toBeVisible()
}

for (const locale of ['en', 'fr', 'ru'] as const) {
  test(`account journey in ${locale}: sign up, sign out, sign in, return, edit profile, sign out`, async ({ page }) => {
    const prefix = locale === 'en' ? '' : `/${locale}`
    const email = `journey-${locale}-${randomUUID().slice(0, 8)}@example.com`
    const password = 'Journey123'
    const bodies = watchBodies(page)
    const start = `${prefix}/how-to-buy`

    // Sign up from the page we are on, with the code read from the outbox.
    await page.goto(start)
    await page.getByTestId('sign-in').click()
    await expect(page).toHaveURL(new RegExp(`${prefix}/login/[^/?]+`))
    await expect(page.locator('html')).toHaveAttribute('lang', locale)
    await page.getByTestId('to-sign-up').click()
    await page.getByTestId('code-request-form').locator('input[name=email]').fill(email)
    await page.getByTestId('code-request-form').locator('button[type=submit]').click()
    const confirm = page.getByTestId('code-confirm-form')
    await expect(confirm).toBeVisible()
    await confirm.locator('input[name=code]').fill(await codeFor(email))
    await confirm.locator('input[name=password]').fill(password)
    await confirm.locator('button[type=submit]').click()
    await expect(page).toHaveURL(new RegExp(`${start}$`))
    await expect(page.getByTestId('user-name')).toBeVisible()
    await expectNoTokensInBrowser(page, bodies)

    await signOut(page, prefix)

    // Sign in again from a guarded page: the guard sends us to sign in and back.
    await page.goto(`${prefix}/user/profile`)
    await expect(page).toHaveURL(new RegExp(`${prefix}/login/[^/?]+`))
    await page.locator('input[name=email]').fill(email)
    await page.locator('input[name=password]').fill(password)
    await page.getByTestId('signin-form').locator('button[type=submit]').click()
    await expect(page).toHaveURL(new RegExp(`${prefix}/user/profile$`))
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })

    // Edit the profile; an unknown country is refused with a field error, valid input is saved.
    const form = page.getByTestId('profile-form')
    await form.getByTestId('country-input').fill('Atlantis')
    await page.getByTestId('profile-save').click()
    await expect(form.locator('#billing-country-error')).toBeVisible()
    await form.locator('input[name=username]').fill(`Player ${locale}`)
    // The country is picked by its name in the page's language and saved as its ISO code.
    await form.getByTestId('country-input').fill(new Intl.DisplayNames([locale], { type: 'region' }).of('FR')!)
    await form.locator('input[name="billing.city"]').fill('Lyon')
    await form.locator('input[name=discordId]').fill(`player_${locale}`)
    await page.getByTestId('profile-save').click()
    await expect(form.getByRole('status')).toBeVisible()
    await page.reload()
    await expect(page.getByTestId('profile-form').locator('input[name="billing.city"]')).toHaveValue('Lyon')
    await expect(page.getByTestId('profile-form').getByTestId('country-code')).toHaveValue('FR')
    // SPEC fallback: the billing e-mail shows the account e-mail until one is set.
    await expect(page.getByTestId('profile-form').locator('input[name="billing.email"]')).toHaveValue(email)
    await expect(page.getByTestId('profile-form').locator('input[name=username]')).toHaveValue(`Player ${locale}`)
    await expect(page.getByTestId('user-name')).toHaveText(`Player ${locale}`)
    await expectNoTokensInBrowser(page, bodies)

    await signOut(page, prefix)
    await page.goto(`${prefix}/user/profile`)
    await expect(page).toHaveURL(/\/login\//)
  })
}

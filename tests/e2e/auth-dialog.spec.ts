import { expect as baseExpect, test, type Page } from '@playwright/test'
import { codeFor, gotoHydrated } from './support'

// Sign-in crosses several redirects and a popup: allow for a busy machine.
const expect = baseExpect.configure({ timeout: 15_000 })
test.describe.configure({ timeout: 120_000 })
/**
 * SPEC §4/§8/§9: an action that needs a signed-in shopper opens the auth dialog over the page;
 * sign-in or sign-up runs in a 640 px popup and the action continues with the same choice. A
 * closed popup and a blocked popup give the seed's messages, localized; blocked falls back to the
 * full-page sign-in, which returns to checkout with the same choice.
 */

const SHOPPER = { email: 'shopper@example.com', password: 'Shopper123!' }
const CLOSED = { en: 'Popup closed by user', fr: 'Fenêtre fermée par l’utilisateur' }

/** Records the features the page asks window.open for (the popup's requested size). */
async function recordPopupFeatures(page: Page) {
  await page.addInitScript(() => {
    const open = window.open.bind(window)
    window.open = (...args: Parameters<typeof window.open>) => {
      document.documentElement.dataset.popupFeatures = String(args[2] ?? '')
      return open(...args)
    }
  })
}

/** On an offer page, anonymous: a package, a server and a checked player; returns the choice. */
async function choose(page: Page, prefix: string) {
  await gotoHydrated(page, `${prefix}/categories/mobile-games`)
  await page.getByTestId('game-card').filter({ hasText: 'Starfall Legends' }).click()
  await expect(page.getByTestId('offer-title')).toBeVisible()
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
  await page
    .locator('label')
    .filter({ has: page.getByTestId('sku-option') })
    .nth(1)
    .click()
  const server = page.getByTestId('player-field-server')
  let serverValue: string | undefined
  if (await server.count()) {
    await server.selectOption({ index: 1 })
    serverValue = await server.inputValue()
  }
  const playerId = `5${Date.now() % 100_000_000}`.slice(0, 9)
  await page.getByTestId('player-field-playerId').fill(playerId)
  await page.getByTestId('check-player').click()
  await expect(page.getByTestId('player-nickname')).toBeVisible()
  const sku = await page.getByTestId('buy-box-sku').textContent()
  const href = new URL((await page.getByTestId('continue-checkout').getAttribute('href'))!, page.url())
  return {
    playerId,
    serverValue,
    sku,
    currency: href.searchParams.get('currency'),
    skuId: href.searchParams.get('skuId'),
  }
}

async function expectCheckoutWith(page: Page, choice: Awaited<ReturnType<typeof choose>>) {
  await expect(page).toHaveURL(/\/order\/confirm\?/)
  const url = new URL(page.url())
  expect(url.searchParams.get('skuId')).toBe(choice.skuId)
  expect(url.searchParams.get('currency')).toBe(choice.currency)
  // The router writes search values as JSON: a numeric-looking player ID comes back quoted.
  const plain = (value: string | null) => (value?.startsWith('"') ? (JSON.parse(value) as string) : value)
  expect(plain(url.searchParams.get('playerId'))).toBe(choice.playerId)
  if (choice.serverValue) expect(plain(url.searchParams.get('server'))).toBe(choice.serverValue)
  await expect(page.getByTestId('checkout-player')).toHaveAttribute('data-player-id', choice.playerId)
}

for (const locale of ['en', 'fr'] as const) {
  const prefix = locale === 'en' ? '' : `/${locale}`

  test(`${locale}: continue → dialog → sign up in a 640 px popup → checkout with the same choice`, async ({ page }) => {
    await recordPopupFeatures(page)
    const choice = await choose(page, prefix)
    await page.getByTestId('continue-checkout').click()
    const dialog = page.getByRole('dialog')
    await expect(dialog).toBeVisible()
    await expect(page).toHaveURL(/\/offer\//)

    const popupOpened = page.waitForEvent('popup')
    await dialog.getByTestId('auth-dialog-sign-up').click()
    const popup = await popupOpened
    expect(await page.locator('html').getAttribute('data-popup-features')).toMatch(/(^|,)height=640(,|$)/)
    await expect(popup).toHaveURL(new RegExp(`${prefix}/login/[^/]+/sign-up$`))
    await expect(popup.locator('html')).toHaveAttribute('lang', locale)

    const email = `dialog-${locale}-${Date.now()}@example.com`
    await popup.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
    await popup.getByTestId('code-request-form').locator('input[name=email]').fill(email)
    await popup.getByTestId('code-request-form').locator('button[type=submit]').click()
    const confirm = popup.getByTestId('code-confirm-form')
    await expect(confirm).toBeVisible()
    await confirm.locator('input[name=code]').fill(await codeFor(email))
    await confirm.locator('input[name=password]').fill('Dialog123')
    const closed = popup.waitForEvent('close')
    await confirm.locator('button[type=submit]').click()
    await closed

    await expect(dialog).toBeHidden()
    await expectCheckoutWith(page, choice)
    await expect(page.getByTestId('user-name')).toBeVisible()
  })

  test(`${locale}: closing the popup shows 'Popup closed by user' in the shopper's language`, async ({ page }) => {
    await choose(page, prefix)
    await page.getByTestId('continue-checkout').click()
    const popupOpened = page.waitForEvent('popup')
    await page.getByTestId('auth-dialog-sign-in').click()
    const popup = await popupOpened
    await expect(popup).toHaveURL(/\/login\/[^/]+$/)
    await popup.close()
    const error = page.getByTestId('auth-dialog-error')
    await expect(error).toHaveText(CLOSED[locale])
    await expect(error).toHaveAttribute('data-error', 'Popup closed by user')
    await expect(page.getByRole('dialog')).toBeVisible()
    await expect(page).toHaveURL(/\/offer\//)
  })
}

test('a blocked popup falls back to the full-page sign-in, which returns to checkout with the choice', async ({
  page,
}) => {
  // The browser blocks the popup: window.open answers null.
  await page.addInitScript(() => {
    window.open = () => null
  })
  const choice = await choose(page, '/fr')
  await page.getByTestId('continue-checkout').click()
  await page.getByTestId('auth-dialog-sign-in').click()
  await expect(page).toHaveURL(/\/fr\/login\/[^/]+$/)
  await page.locator('input[name=email]').fill(SHOPPER.email)
  await page.locator('input[name=password]').fill(SHOPPER.password)
  await page.getByTestId('signin-form').locator('button[type=submit]').click()
  await expectCheckoutWith(page, choice)
})

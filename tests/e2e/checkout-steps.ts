/** The shopper's checkout steps in the browser, shared by the checkout and player-fix journeys. */
import type { Page } from '@playwright/test'
import { gotoHydrated } from './support'
import { expect } from './user-fixture'

/** Offer page → package → player check → "Continue to checkout" → /order/confirm. */
export async function toCheckout(
  page: Page,
  opts: { playerId?: string; game?: string; sku?: number; locale?: string } = {},
) {
  await gotoHydrated(page, `${opts.locale ? `/${opts.locale}` : ''}/categories/mobile-games`)
  await page
    .getByTestId('game-card')
    .filter({ hasText: opts.game ?? 'Starfall Legends' })
    .click()
  await expect(page.getByTestId('offer-title')).toBeVisible()
  await page
    .locator('label')
    .filter({ has: page.getByTestId('sku-option') })
    .nth(opts.sku ?? 0)
    .click()
  const server = page.getByTestId('player-field-server')
  if (await server.count()) await server.selectOption({ index: 1 })
  await page.getByTestId('player-field-playerId').fill(opts.playerId ?? '123456789')
  await page.getByTestId('check-player').click()
  await expect(page.getByTestId('player-nickname')).toBeVisible()
  await page.getByTestId('continue-checkout').click()
  await expect(page).toHaveURL(/\/order\/confirm\?/)
  await expect(page.getByTestId('checkout-player')).toHaveAttribute('data-player-id', opts.playerId ?? '123456789')
  await expect(page.getByTestId('checkout-player')).toHaveAttribute('data-nickname', /^Player/)
  return new URL(page.url()).searchParams
}

export async function placeOrder(page: Page, method: 'card' | 'wallet') {
  await page.getByTestId(`method-${method}`).check()
  const place = page.getByTestId('place-order')
  await expect(place).toBeEnabled()
  await place.click()
  const gatewayPath = method === 'card' ? 'cashier-desk' : 'local-wallet'
  await expect(page).toHaveURL(new RegExp(`/api/pay/pacypay/${gatewayPath}/transactions\\?id=sbx_`))
}

export async function payByCard(page: Page, number: string, challengeCode?: string) {
  await page.locator('#number').fill(number)
  await page.locator('#expiry').fill('12/39')
  await page.locator('#cvc').fill('123')
  // "Pay $0.99", "Payer 0,99 $"… : the hosted page speaks the shopper's language.
  await page.getByRole('button', { name: /^(Pay|Payer|Pagar) / }).click()
  if (challengeCode !== undefined) {
    await expect(page.locator('#code')).toBeVisible()
    await page.locator('#code').fill(challengeCode)
    await page.getByRole('button', { name: 'Verify' }).click()
  }
}

export function result(page: Page) {
  return page.getByTestId('payment-result')
}

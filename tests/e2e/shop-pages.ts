import { expect, type Page } from '@playwright/test'
import { DEMO_ACCOUNTS } from '../../src/app/seed/demo-accounts'
import { gotoHydrated } from './support'

/**
 * The shop's pages as a person reaches them, for the suites that look at every page (accessibility,
 * screenshots, translation). `prefix` is '' or a locale prefix such as '/de'.
 */

/** Signs in as the demo promoter (a promoter can shop too, so one account reaches every page). */
export async function signInAsPromoter(page: Page, prefix: string) {
  await page.goto(`${prefix}/order/list`)
  await expect(page).toHaveURL(/\/login\/[^/?]+/)
  await page.locator('input[name=email]').fill(DEMO_ACCOUNTS.promoter.email)
  await page.locator('input[name=password]').fill(DEMO_ACCOUNTS.promoter.password)
  await page.getByTestId('signin-form').locator('button[type=submit]').click()
  // Password hashing and the code exchange take a few seconds on a busy machine.
  await expect(page).toHaveURL(/\/order\/list/, { timeout: 20_000 })
}

/** Checkout for the first Starfall Legends package on the Aurora (NA) server, as the offer page links it. */
export function checkoutPath(prefix: string, currency = 'USD') {
  return `${prefix}/order/confirm?offerId=1&skuId=1&currency=${currency}&playerId=123456789&server=aurora-na-`
}

/** Places a wallet order from the checkout page and approves it; returns the order id. */
export async function payByWallet(page: Page, prefix: string): Promise<string> {
  await gotoHydrated(page, checkoutPath(prefix))
  await page.getByTestId('method-wallet').check()
  await expect(page.getByTestId('place-order')).toBeEnabled()
  await page.getByTestId('place-order').click()
  await expect(page).toHaveURL(/\/api\/pay\/pacypay\/local-wallet\/transactions\?id=sbx_/)
  await page.locator('button[value=approve]').click()
  await expect(page).toHaveURL(/\/payment\/paymentResult\?/)
  await expect(page.getByTestId('payment-result')).toHaveAttribute('data-outcome', 'paid', { timeout: 20_000 })
  return new URL(page.url()).searchParams.get('orderId')!
}

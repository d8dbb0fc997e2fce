import type { Page } from '@playwright/test'
import { gotoHydrated } from './support'
import { expect, test } from './user-fixture'

/**
 * Saved player profiles (issue 16): a shopper saves two Starfall Legends players while buying,
 * makes one the default on the profile page, then buys for it with one tap after choosing a
 * package; the saved players are not offered on another game's page (Mech Arena Zero).
 */

const STARFALL = '/offer/1'

async function choosePackage(page: Page) {
  await page
    .locator('label')
    .filter({ has: page.getByTestId('sku-option') })
    .first()
    .click()
}

/** Checks a new player with the form, ticks "Save this player" and continues to checkout. */
async function saveWhileBuying(page: Page, playerId: string, label: string) {
  await gotoHydrated(page, STARFALL)
  await choosePackage(page)
  // The saved players load after the page: decide once they are there (or known to be none).
  await expect(page.getByTestId('player-section')).toHaveAttribute('data-settled', 'true')
  const other = page.getByTestId('saved-player-other')
  if (await other.count()) await other.click()
  await page.getByTestId('player-field-server').selectOption({ index: 1 })
  await page.getByTestId('player-field-playerId').fill(playerId)
  await page.getByTestId('check-player').click()
  await expect(page.getByTestId('player-nickname')).toBeVisible()
  await page.getByTestId('save-player').check()
  await page.getByTestId('save-player-label').fill(label)
  await page.getByTestId('continue-checkout').click()
  await expect(page).toHaveURL(/\/order\/confirm\?/)
  await expect(page.getByTestId('checkout-player')).toHaveAttribute('data-player-id', playerId)
}

test('saved players: two saved, the default bought for in one tap, not offered on another game', async ({
  page,
  login,
}) => {
  await login()
  await saveWhileBuying(page, '123456789', 'Main')
  await saveWhileBuying(page, '22334455', 'Alt')

  // The profile page lists both under the game; the first saved is the default. Make Alt the default.
  await gotoHydrated(page, '/user/profile')
  const rows = page.getByTestId('player-profile-row')
  await expect(rows).toHaveCount(2)
  await expect(rows.filter({ hasText: 'Main' })).toHaveAttribute('data-default', 'true')
  await expect(rows.filter({ hasText: 'Alt' })).toContainText('22334455')
  await rows.filter({ hasText: 'Alt' }).getByTestId('player-profile-default').click()
  await expect(rows.filter({ hasText: 'Alt' })).toHaveAttribute('data-default', 'true')
  await expect(rows.filter({ hasText: 'Main' })).toHaveAttribute('data-default', 'false')

  // Offer page: saved players first, the default chosen and re-checked; package, then one tap.
  await gotoHydrated(page, STARFALL)
  const saved = page.getByTestId('saved-player')
  await expect(saved).toHaveCount(2)
  const chosen = saved.filter({ has: page.locator('input:checked') })
  await expect(chosen).toHaveAttribute('data-default', 'true')
  await expect(chosen).toContainText('Alt')
  await expect(chosen).toContainText('•••4455')
  await expect(page.getByTestId('saved-player-nickname')).toContainText(/Player/)
  await expect(page.getByTestId('player-form')).toBeHidden()
  await choosePackage(page)
  await page.getByTestId('continue-checkout').click()
  await expect(page).toHaveURL(/\/order\/confirm\?/)
  await expect(page.getByTestId('checkout-player')).toHaveAttribute('data-player-id', '22334455')

  // Pay by wallet as shop-pages.ts payByWallet does, then read the order's player.
  await page.getByTestId('method-wallet').check()
  await expect(page.getByTestId('place-order')).toBeEnabled()
  await page.getByTestId('place-order').click()
  await expect(page).toHaveURL(/\/api\/pay\/pacypay\/local-wallet\/transactions\?id=sbx_/)
  await page.locator('button[value=approve]').click()
  await expect(page).toHaveURL(/\/payment\/paymentResult\?/)
  await expect(page.getByTestId('payment-result')).toHaveAttribute('data-outcome', 'paid', { timeout: 20_000 })
  await page.getByTestId('view-order').click()
  await expect(page.getByTestId('order-player')).toHaveAttribute('data-player-id', '22334455')

  // Another game: none of Starfall Legends' saved players, today's form.
  await gotoHydrated(page, '/categories/mobile-games')
  await page.getByTestId('game-card').filter({ hasText: 'Mech Arena Zero' }).click()
  await expect(page.getByTestId('offer-title')).toContainText('Mech Arena Zero')
  await expect(page.getByTestId('player-form')).toBeVisible()
  await expect(page.getByTestId('saved-player')).toHaveCount(0)
  await expect(page.getByTestId('saved-players')).toHaveCount(0)
})

test('choosing a saved player keeps the choice keyboard-reachable and "Another player" shows the form', async ({
  page,
  login,
}) => {
  await login()
  await saveWhileBuying(page, '345678901', 'Solo')
  await page.setViewportSize({ width: 360, height: 740 })
  await gotoHydrated(page, STARFALL)
  const solo = page.getByTestId('saved-player').filter({ hasText: 'Solo' })
  await expect(solo.getByRole('radio')).toBeChecked()
  await solo.getByRole('radio').focus()
  await page.keyboard.press('ArrowDown')
  await expect(page.getByTestId('saved-player-other').getByRole('radio')).toBeChecked()
  await expect(page.getByTestId('player-form')).toBeVisible()
})

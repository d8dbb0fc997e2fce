import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { payByCard, placeOrder, result, toCheckout } from './checkout-steps'
import { OUTBOX } from './support'
import { expect, test } from './user-fixture'

/**
 * "Fix it yourself" (issue 16, ADR 057): the sandbox supplier accepts a player ID ending in 4040
 * at the check but refuses it at delivery. The order waits in "needs your player details" with a
 * mail; a corrected player is delivered exactly once, and an order left alone is refunded when
 * its window ends (ended now through the test-fixture door: the job queue runs on the database's
 * clock, which the workshop test clock does not move).
 */

/** Buys for a player refused at delivery and opens the order page once it waits for the shopper. */
async function buyForRefusedPlayer(page: Page): Promise<{ number: string; orderId: string }> {
  await toCheckout(page, { playerId: '5554040' })
  await placeOrder(page, 'card')
  await payByCard(page, '4242424242424242')
  await expect(result(page)).toHaveAttribute('data-outcome', 'paid', { timeout: 15_000 })
  await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', 'needs_player_details', {
    timeout: 20_000,
  })
  await page.getByTestId('view-order').click()
  await expect(page.getByTestId('player-fix-form')).toBeVisible()
  const number = (await page.getByTestId('order-number').textContent())!.trim()
  const orderId = (await page.getByTestId('order-detail').getAttribute('data-order-id'))!
  return { number, orderId }
}

/** The outbox's mails about an order (quoted-printable soft breaks joined). */
function mailsAbout(number: string, subject: string): number {
  return readdirSync(OUTBOX)
    .map((f) => readFileSync(path.join(OUTBOX, f), 'utf8').replace(/=\r?\n/g, ''))
    .filter((m) => m.includes(`Subject: ${subject.replace('{n}', number)}`)).length
}

test('a player refused at delivery: the order asks for player details, a mail arrives; corrected, it is delivered once', async ({
  page,
  login,
}) => {
  await login()
  const { number } = await buyForRefusedPlayer(page)
  await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', 'needs_player_details')
  await expect(page.getByTestId('player-fix-reason')).toHaveAttribute('data-code', 'PLAYER_NOT_FOUND')
  const deadline = await page.getByTestId('player-fix-deadline').getAttribute('datetime')
  const hours = (new Date(deadline!).getTime() - Date.now()) / 3_600_000
  expect(hours).toBeGreaterThan(23)
  expect(hours).toBeLessThanOrEqual(24)
  await expect.poll(() => mailsAbout(number, 'Your order {n} needs your player details'), { timeout: 15_000 }).toBe(1)

  const form = page.getByTestId('player-fix-form')
  // The form starts from the refused player (and its server).
  await expect(form.getByTestId('player-field-playerId')).toHaveValue('5554040')
  // A player the game does not know is refused by the check, and no delivery is offered.
  await form.getByTestId('player-field-playerId').fill('912345678')
  await form.getByTestId('check-player').click()
  await expect(form.getByTestId('player-check-error')).toHaveAttribute('data-code', 'PLAYER_NOT_FOUND')
  await expect(page.getByTestId('player-fix-submit')).toHaveCount(0)

  await form.getByTestId('player-field-playerId').fill('123456789')
  await form.getByTestId('check-player').click()
  await expect(form.getByTestId('player-nickname')).toHaveText(/Player\w+/)
  await page.getByTestId('player-fix-submit').click()
  // The page follows the order (long poll) until it is delivered to the corrected player.
  await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', 'delivered', { timeout: 20_000 })
  await expect(page.getByTestId('player-fix-form')).toHaveCount(0)
  await expect(page.getByTestId('delivery-proof')).toContainText('123456789')
  await expect(page.getByTestId('timeline').locator('li[data-event=delivered]')).toHaveCount(1)
  await expect.poll(() => mailsAbout(number, 'Your order {n} has been delivered'), { timeout: 15_000 }).toBe(1)
  await page.reload()
  await expect(page.getByTestId('timeline').locator('li[data-event=delivered]')).toHaveCount(1)
  expect(mailsAbout(number, 'Your order {n} has been refunded')).toBe(0)
})

test('an order left alone past its window is refunded automatically', async ({ page, login }) => {
  await login()
  const { number, orderId } = await buyForRefusedPlayer(page)
  const ended = await page.request.post('/api/workshop/player-fix-expiry', { data: { orderId } })
  expect(ended.status(), await ended.text()).toBe(200)
  await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', 'refunded', { timeout: 20_000 })
  await expect(page.getByTestId('player-fix-form')).toHaveCount(0)
  await expect.poll(() => mailsAbout(number, 'Your order {n} has been refunded'), { timeout: 15_000 }).toBe(1)
  await expect(page.getByTestId('timeline').locator('li[data-event=delivered]')).toHaveCount(0)
})

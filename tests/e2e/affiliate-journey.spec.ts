import { randomUUID } from 'node:crypto'
import type { APIRequestContext, Page } from '@playwright/test'
import { codeFor, gotoHydrated, referralCookie, reloadHydrated } from './support'
import { expect, proveStaffFactor, signInAs, test } from './user-fixture'

/**
 * The affiliate programme end to end, across three browsers: a new promoter joins and creates a
 * link; a shopper follows it, signs up and buys (card 4242) until delivered; the promoter sees the
 * click, sign-up, order and pending commission; the operator moves the test clock past the hold
 * (ALLOW_TEST_CLOCK, set for the e2e server only), the commission becomes available and is partly
 * withdrawn; the operator refunds the order and the promoter's available balance goes negative.
 * It moves the server's clock, so it runs in the `clock` project: after the others, alone.
 */

// Headless Chromium announces itself as HeadlessChrome, which the click counter treats as a bot.
const BROWSER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36'
test.use({ userAgent: BROWSER_UA })

/** 5 × the $99.99 package: 5% of $499.95 = $24.99 commission, above the $20.00 minimum withdrawal. */
const QUANTITY = 5
const SKU_INDEX = 5

/** Signs up from the current page with a code from the outbox. */
async function signUp(page: Page, email: string, password: string) {
  await page.getByTestId('sign-in').click()
  await page.getByTestId('to-sign-up').click()
  await page.getByTestId('code-request-form').locator('input[name=email]').fill(email)
  await page.getByTestId('code-request-form').locator('button[type=submit]').click()
  const confirm = page.getByTestId('code-confirm-form')
  await confirm.locator('input[name=code]').fill(await codeFor(email))
  await confirm.locator('input[name=password]').fill(password)
  await confirm.locator('button[type=submit]').click()
  await expect(page.getByTestId('user-name')).toBeVisible()
}

/** Offer page → package × quantity → player check → checkout → card 4242 → delivered. */
async function buyByCard(page: Page): Promise<string> {
  await page.goto('/categories/mobile-games')
  await page.getByTestId('game-card').filter({ hasText: 'Starfall Legends' }).click()
  await expect(page.getByTestId('offer-title')).toBeVisible()
  await page
    .locator('label')
    .filter({ has: page.getByTestId('sku-option') })
    .nth(SKU_INDEX)
    .click()
  const server = page.getByTestId('player-field-server')
  if (await server.count()) await server.selectOption({ index: 1 })
  await page.getByTestId('player-field-playerId').fill('123456789')
  await page.getByTestId('check-player').click()
  await expect(page.getByTestId('player-nickname')).toBeVisible()
  await page.getByTestId('continue-checkout').click()
  await expect(page).toHaveURL(/\/order\/confirm\?/)
  for (let i = 1; i < QUANTITY; i++) await page.getByTestId('quantity-more').click()
  await expect(page.getByTestId('quantity')).toHaveText(String(QUANTITY))
  await page.getByTestId('method-card').check()
  await expect(page.getByTestId('place-order')).toBeEnabled()
  await page.getByTestId('place-order').click()
  await expect(page).toHaveURL(/\/api\/pay\/pacypay\/cashier-desk\/transactions\?id=sbx_/)
  await page.locator('#number').fill('4242 4242 4242 4242')
  await page.locator('#expiry').fill('12/39')
  await page.locator('#cvc').fill('123')
  await page.getByRole('button', { name: /^Pay / }).click()
  await expect(page).toHaveURL(/\/payment\/creditCard3DSResult\?orderId=/)
  await expect(page.getByTestId('payment-result')).toHaveAttribute('data-outcome', 'paid')
  await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', 'delivered', { timeout: 20_000 })
  return new URL(page.url()).searchParams.get('orderId')!
}

async function amountOf(page: Page, card: 'available' | 'pending' | 'processing' | 'withdrawn'): Promise<number> {
  return Number(await page.getByTestId(`balance-${card}`).locator('[data-amount]').getAttribute('data-amount'))
}

async function advanceClock(request: APIRequestContext, days: number) {
  const response = await request.post('/api/workshop/clock', { data: { advanceDays: days } })
  expect(response.status()).toBe(200)
  return (await response.json()) as { offsetMs: number; released: number }
}

test('a referred shopper’s order earns commission that is held, released, withdrawn and reversed on refund', async ({
  browser,
  newUser,
}) => {
  test.setTimeout(180_000)
  const stamp = randomUUID().slice(0, 8)
  const promoterContext = await browser.newContext({ userAgent: BROWSER_UA })
  const shopperContext = await browser.newContext({ userAgent: BROWSER_UA })
  const operatorContext = await browser.newContext({ userAgent: BROWSER_UA })
  try {
    // 1. A new user joins the programme and creates a link to a category page.
    const promoter = await promoterContext.newPage()
    await promoter.goto('/')
    await signUp(promoter, `journey-promoter-${stamp}@example.com`, 'Promoter123')
    await gotoHydrated(promoter, '/affiliate')
    await promoter.getByTestId('become-promoter').click()
    await expect(promoter).toHaveURL(/\/affiliate\/dashboard/)
    const form = promoter.getByTestId('link-form')
    await form.locator('input[name=target]').fill('/categories/mobile-games')
    await form.locator('input[name=campaign]').fill('journey')
    await form.locator('button[type=submit]').click()
    const row = promoter.locator('[data-link-code]').filter({ hasText: '/categories/mobile-games · journey' })
    await expect(row).toHaveCount(1)
    const linkUrl = await row.getByRole('textbox').inputValue()
    expect(linkUrl).toMatch(/\/affiliate\/reflink\/[\w-]+$/)

    // The test clock is for operators only.
    expect((await promoter.request.post('/api/workshop/clock', { data: { advanceDays: 1 } })).status()).toBe(403)

    // 2. A second browser follows the link, signs up and buys.
    const shopper = await shopperContext.newPage()
    await shopper.goto(new URL(linkUrl).pathname)
    await expect(shopper).toHaveURL(/\/categories\/mobile-games$/)
    await referralCookie(shopperContext)
    await signUp(shopper, `journey-shopper-${stamp}@example.com`, 'Shopper123')
    const orderId = await buyByCard(shopper)

    // 3. The promoter sees the click, the sign-up, the order and the pending commission.
    await expect
      .poll(
        async () => {
          await promoter.reload()
          await expect(promoter.getByTestId('affiliate-dashboard')).toBeVisible()
          return amountOf(promoter, 'pending')
        },
        { timeout: 20_000 },
      )
      .toBeGreaterThan(0)
    const pending = await amountOf(promoter, 'pending')
    const cells = row.locator('td')
    expect(Number(await cells.nth(1).textContent())).toBeGreaterThanOrEqual(1)
    await expect(cells.nth(2)).toHaveText('1')
    await expect(cells.nth(3)).toHaveText('1')
    expect(await amountOf(promoter, 'available')).toBe(0)

    // 4. The operator moves the clock past the 14-day hold; the commission becomes available.
    const operator = await operatorContext.newPage()
    const operatorUser = await newUser({ role: 'admin' })
    await signInAs(operator, operatorUser)
    let released = (await advanceClock(operator.request, 15)).released
    // Should the delivery job have run late, a day at a time from here until the sweep releases it.
    for (let day = 0; released === 0 && day < 30; day++) released = (await advanceClock(operator.request, 1)).released
    expect(released).toBeGreaterThan(0)
    await reloadHydrated(promoter)
    await expect(promoter.getByTestId('balance-available').locator('[data-amount]')).toHaveAttribute(
      'data-amount',
      String(pending),
    )
    expect(await amountOf(promoter, 'pending')).toBe(0)

    // 5. The promoter withdraws the minimum (20.00) to a wallet.
    const withdraw = promoter.getByTestId('withdrawal-form')
    await withdraw.locator('input[name=amount]').fill('20')
    await withdraw.getByRole('radio', { name: 'Wallet' }).check()
    await withdraw.locator('input[name=destination]').fill(`journey-promoter-${stamp}@example.com`)
    await withdraw.locator('button[type=submit]').click()
    await expect(promoter.getByTestId('withdrawals-table').locator('tr[data-status=requested]')).toHaveCount(1)
    await promoter.reload()
    expect(await amountOf(promoter, 'available')).toBe(pending - 2000)
    expect(await amountOf(promoter, 'processing')).toBe(2000)

    // 6. Only operators refund; the refund reverses the released commission.
    expect((await promoter.request.post(`/api/orders/${orderId}/refund`)).status()).toBe(403)
    expect((await shopperContext.request.post(`/api/orders/${orderId}/refund`)).status()).toBe(403)
    // Days went by on the test clock: a refund asks the operator for a fresh code (ADR 111).
    expect((await operator.request.post(`/api/orders/${orderId}/refund`)).status()).toBe(403)
    await proveStaffFactor(operatorContext, operatorUser.totpSecret!)
    const refund = await operator.request.post(`/api/orders/${orderId}/refund`)
    expect(refund.status()).toBe(202)
    await expect
      .poll(
        async () => {
          await promoter.reload()
          await expect(promoter.getByTestId('affiliate-dashboard')).toBeVisible()
          return amountOf(promoter, 'available')
        },
        { timeout: 30_000 },
      )
      .toBe(-2000)
    await expect(promoter.getByTestId('balance-available').locator('[data-amount]')).toHaveClass(/text-danger/)
    expect(await amountOf(promoter, 'processing')).toBe(2000)
    await expect(row.locator('td').nth(6)).toHaveText('$0.00')
    expect((await operator.request.post(`/api/orders/${orderId}/refund`)).status()).toBe(409)
  } finally {
    await Promise.all([promoterContext.close(), shopperContext.close(), operatorContext.close()])
  }
})

import { randomUUID } from 'node:crypto'
import { MAIL_WORDS } from '../../src/modules/orders/mail-text'
import { gotoHydrated, mailsTo } from './support'
import { expect, signInAs, test } from './user-fixture'

/**
 * The back office runs the shop without SQL (issue 15's first acceptance journey): an admin adds a
 * game with two packages priced in USD and EUR, named in English and German, and a coupon; a
 * shopper in another browser finds the game in /de at once and buys it with the coupon; the admin
 * finds the order by player ID and refunds half, then the rest; the shopper sees both refunds on
 * the order page and gets a mail for each, in German.
 */
test('an admin adds a game and a coupon, a shopper buys it in German with the coupon, the admin refunds half and then the rest', async ({
  page,
  browser,
  newUser,
}) => {
  const stamp = randomUUID().slice(0, 6)
  const code = `E2E${stamp.toUpperCase()}`
  const names = { en: `Quest of Tests ${stamp}`, de: `Testabenteuer ${stamp}` }
  await signInAs(page, await newUser({ role: 'admin' }))

  // 1. The game, in English and German.
  await gotoHydrated(page, '/admin/catalog/new')
  const game = page.getByRole('form', { name: 'Game details' })
  await game.getByLabel('Slug').fill(`e2e-quest-${stamp}`)
  await game.getByLabel('Category').selectOption({ label: 'PC Games' })
  await game.getByLabel('Kind').selectOption({ label: 'Top-up' })
  await game.getByLabel('Cover').fill('/images/games/starfall-legends.svg')
  await game.getByLabel('Publisher').fill('E2E Studio')
  await game.getByLabel('Name (English)').fill(names.en)
  await game.getByLabel('Name (German)').fill(names.de)
  await game.getByRole('button', { name: 'Create game' }).click()
  await expect(page).toHaveURL(/\/admin\/catalog\/\d+$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(names.en)

  // 2. An offer with two packages, each priced in USD and EUR.
  await page.getByRole('button', { name: 'Add offer' }).click()
  await expect(page.getByRole('region', { name: 'Offer 1' })).toBeVisible()
  const packages = [
    { code: `E2E-${stamp}-100`, quantity: '100', en: '100 Test Gems', de: '100 Testjuwelen', usd: '4.99', eur: '4.59' },
    {
      code: `E2E-${stamp}-500`,
      quantity: '500',
      en: '500 Test Gems',
      de: '500 Testjuwelen',
      usd: '19.99',
      eur: '18.49',
    },
  ]
  for (const sku of packages) {
    await page.getByRole('button', { name: 'Add SKU' }).click()
    const form = page.getByRole('form', { name: 'New SKU' })
    await form.getByLabel('Code').fill(sku.code)
    await form.getByLabel('Quantity').fill(sku.quantity)
    await form.getByLabel('Name (English)').fill(sku.en)
    await form.getByLabel('Name (German)').fill(sku.de)
    await form.getByLabel('Price USD', { exact: true }).fill(sku.usd)
    await form.getByLabel('Price EUR', { exact: true }).fill(sku.eur)
    await form.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByRole('form', { name: `SKU ${sku.code}` })).toBeVisible()
  }

  // 3. A coupon: 10% off, for everyone.
  await gotoHydrated(page, '/admin/coupons/new')
  const coupon = page.getByRole('form', { name: 'Coupon' })
  await coupon.getByLabel('Code').fill(code)
  await coupon.getByLabel('Discount type').selectOption({ label: 'Percentage' })
  await coupon.getByLabel('Percent off').fill('10')
  await coupon.getByRole('button', { name: 'Create coupon' }).click()
  await expect(page).toHaveURL(/\/admin\/coupons\/\d+$/)

  // 4. A shopper sees the game in German at once and buys the larger package with the coupon.
  const shopperContext = await browser.newContext()
  try {
    const shopper = await shopperContext.newPage()
    const shopperUser = await newUser()
    await signInAs(shopper, shopperUser)
    await gotoHydrated(shopper, '/de/categories/pc-games')
    await shopper.getByTestId('game-card').filter({ hasText: names.de }).click()
    await expect(shopper.getByTestId('offer-title')).toContainText(names.de)
    await shopper
      .locator('label')
      .filter({ has: shopper.getByTestId('sku-option') })
      .filter({ hasText: '500' })
      .click()
    const playerId = `7${String(Date.now()).slice(-8)}`
    await shopper.getByTestId('player-field-playerId').fill(playerId)
    await shopper.getByTestId('check-player').click()
    await expect(shopper.getByTestId('player-nickname')).toBeVisible()
    await shopper.getByTestId('continue-checkout').click()
    await expect(shopper).toHaveURL(/\/de\/order\/confirm\?/)
    await shopper.locator('#coupon-code').fill(code)
    await shopper.getByTestId('coupon-form').locator('button[type=submit]').click()
    await expect(shopper.getByTestId('applied-coupons').locator(`[data-coupon=${code}]`)).toHaveAttribute(
      'data-ok',
      'true',
    )
    await expect(shopper.getByTestId('discount')).toBeVisible()
    await shopper.getByTestId('method-wallet').check()
    await expect(shopper.getByTestId('place-order')).toBeEnabled()
    await shopper.getByTestId('place-order').click()
    await shopper.locator('button[value=approve]').click()
    await expect(shopper.getByTestId('payment-result')).toHaveAttribute('data-outcome', 'paid', { timeout: 20_000 })
    await expect(shopper.getByTestId('order-status')).toHaveAttribute('data-status', 'delivered', { timeout: 20_000 })
    const orderId = new URL(shopper.url()).searchParams.get('orderId')!

    // 5. The admin finds the order by the player ID and refunds half, then the rest.
    await gotoHydrated(page, '/admin/orders')
    await page.getByTestId('orders-q').fill(playerId)
    await page.getByTestId('orders-q').press('Enter')
    await expect(page.getByTestId('orders-row')).toHaveCount(1)
    await page.getByTestId('orders-row').getByRole('link').click()
    await expect(page).toHaveURL(new RegExp(`/admin/orders/${orderId}$`))
    await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', 'delivered')
    const amount = page.getByLabel('Refund amount')
    const paid = Number(await amount.inputValue())
    const half = (Math.round(paid * 50) / 100).toFixed(2)
    await amount.fill(half)
    page.once('dialog', (dialog) => void dialog.accept())
    await page.getByRole('button', { name: 'Refund', exact: true }).click()
    await expect(page.getByTestId('admin-action-result')).toHaveText(
      'Refund requested. The gateway confirms it in a moment.',
    )
    const refunds = page.getByTestId('refunds').locator('[data-refund-status]')
    await expect(refunds).toHaveCount(1)
    await expect(refunds.first()).toHaveAttribute('data-refund-status', 'succeeded', { timeout: 20_000 })
    await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', 'delivered')
    // What is left is offered next: refunding it refunds the order.
    await expect(amount).toHaveValue((paid - Number(half)).toFixed(2))
    page.once('dialog', (dialog) => void dialog.accept())
    await page.getByRole('button', { name: 'Refund', exact: true }).click()
    await expect(refunds).toHaveCount(2)
    await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', 'refunded', { timeout: 20_000 })
    await expect(page.getByTestId('admin-refund-unavailable')).toBeVisible()

    // 6. The shopper sees both refunds on the order page and has a mail for each, in German.
    await gotoHydrated(shopper, `/de/order/details?id=${orderId}`)
    await expect(shopper.getByTestId('order-status')).toHaveAttribute('data-status', 'refunded')
    await expect(shopper.getByTestId('refunds').locator('[data-refund-status=succeeded]')).toHaveCount(2)
    const number = (await shopper.getByTestId('order-number').textContent())!.trim()
    const subjects = MAIL_WORDS.de.subject
    await expect
      .poll(() => mailsTo(shopperUser.email).map((mail) => mail.subject))
      .toEqual(expect.arrayContaining([subjects.partially_refunded(number), subjects.refunded(number)]))
  } finally {
    await shopperContext.close()
  }
})

test('an admin writes an article in English and German, previews it sanitised, publishes it; a visitor reads it in /de', async ({
  page,
  browser,
  newUser,
}) => {
  const stamp = randomUUID().slice(0, 6)
  const path = `e2e-patch-notes-${stamp}`
  const titles = { en: `Patch notes ${stamp}`, de: `Patchnotizen ${stamp}` }
  await signInAs(page, await newUser({ role: 'admin' }))
  await gotoHydrated(page, '/admin/content/articles')
  await page.getByTestId('article-new').click()
  await page.getByTestId('field-path').fill(path)
  // A guide: listed on neither /news nor the home page, which other journeys read in parallel.
  await page.getByTestId('field-kind').selectOption('guide')
  await page.getByTestId('field-en-title').fill(titles.en)
  await page.getByTestId('field-en-summary').fill('What changed this week.')
  await page.getByTestId('field-en-content').fill('<p>Balance changes.</p><script>window.pwned = 1</script>')
  await page.getByTestId('locale-de').click()
  await page.getByTestId('field-de-title').fill(titles.de)
  await page.getByTestId('field-de-summary').fill('Was sich diese Woche geändert hat.')
  await page.getByTestId('field-de-content').fill('<p>Balance-Änderungen.</p><img src=x onerror="window.pwned=1">')
  await page.getByTestId('article-save').click()
  await expect(page).toHaveURL(/\/admin\/content\/articles\/\d+$/)
  await expect(page.getByTestId('article-state')).toHaveText('Draft: only staff can see it.')

  // The editor at the article's own address opens on the tab the first save was made from.
  await expect(page.getByTestId('field-de-title')).toHaveValue(titles.de)
  // The preview is the German text as the shop will publish it: the handler attribute is gone.
  await page.getByTestId('content-preview-button').click()
  const preview = page.getByTestId('content-preview')
  await expect(preview).toContainText(titles.de)
  await expect(preview).toContainText('Balance-Änderungen.')
  await expect(preview.locator('[onerror]')).toHaveCount(0)

  const visitorContext = await browser.newContext()
  try {
    const visitor = await visitorContext.newPage()
    expect((await visitor.goto(`/de/articles/${path}`))?.status()).toBe(404)
    await page.getByTestId('article-publish').click()
    await expect(page.getByTestId('article-state')).toContainText('Published')
    await gotoHydrated(visitor, `/de/articles/${path}`)
    await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(titles.de)
    await expect(visitor.getByText('Balance-Änderungen.')).toBeVisible()
    await expect(visitor.locator('main [onerror], main script:not([type])')).toHaveCount(0)
    expect(await visitor.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined()
  } finally {
    await visitorContext.close()
  }
})

test('an admin suspends a promoter with a reason: the promoter reads it on the dashboard; reinstated, it is gone', async ({
  page,
  browser,
  newUser,
}) => {
  const promoter = await newUser({ promoter: true })
  await signInAs(page, await newUser({ role: 'admin' }))
  await gotoHydrated(page, `/admin/promoters`)
  await page.getByTestId('promoters-q').fill(promoter.email)
  await page.getByTestId('promoters-search').getByRole('button', { name: 'Search' }).click()
  const row = page.getByTestId('promoter-row').filter({ hasText: promoter.email })
  await expect(row).toHaveCount(1)
  await expect(page.getByTestId('reconcile-ok')).toBeVisible()
  await row.getByRole('button', { name: `Suspend ${promoter.email}` }).click()
  await page.getByLabel('Reason (the promoter reads it)').fill('Paid ads on our brand name')
  await page.getByTestId('suspend-form').getByRole('button', { name: 'Suspend' }).click()
  await expect(row.getByTestId('promoter-status')).toContainText('Suspended')

  const promoterContext = await browser.newContext()
  try {
    const dashboard = await promoterContext.newPage()
    await signInAs(dashboard, promoter)
    await gotoHydrated(dashboard, '/affiliate/dashboard')
    await expect(dashboard.getByTestId('promoter-status-notice')).toContainText('Paid ads on our brand name')
    await row.getByRole('button', { name: `Reinstate ${promoter.email}` }).click()
    await expect(row.getByTestId('promoter-status')).toContainText('Active')
    await dashboard.reload()
    await expect(dashboard.getByTestId('affiliate-dashboard')).toBeVisible()
    await expect(dashboard.getByTestId('promoter-status-notice')).toHaveCount(0)
  } finally {
    await promoterContext.close()
  }
})

import { AxeBuilder } from '@axe-core/playwright'
import { checkoutPath, payByWallet } from './shop-pages'
import { gotoHydrated } from './support'
import { expect, signInAs, test } from './user-fixture'

/**
 * The back-office's door: staff see the dashboard (in their language), shoppers get the shop's
 * 404, visitors are sent to sign in; the dashboard counts a payment as it happens.
 */

test('visitors are sent to sign in, shoppers get a 404', async ({ page, login }) => {
  await page.goto('/admin')
  await expect(page).toHaveURL(/\/login\/[^/?]+/)
  await login()
  const response = await page.goto('/admin')
  expect(response?.status()).toBe(404)
  await expect(page.getByTestId('admin-layout')).toHaveCount(0)
})

test('an admin sees today’s payments on the dashboard, in German', async ({ page, newUser }) => {
  const admin = await newUser({ role: 'admin' })
  await signInAs(page, admin)
  await gotoHydrated(page, '/de/admin')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Übersicht')
  await expect(page.getByTestId('admin-viewer')).toHaveText(`${admin.email} · Administrator`)
  await expect(page).toHaveTitle(/Backoffice/)
  const robots = page.locator('meta[name="robots"]')
  await expect(robots).toHaveAttribute('content', 'noindex, nofollow')

  const usdToday = page.getByTestId('paid-today').locator('tr[data-currency="USD"] td').first()
  const before = (await usdToday.count()) ? Number((await usdToday.innerText()).replace(/\D/g, '')) : 0
  await payByWallet(page, '/de')
  await gotoHydrated(page, '/de/admin')
  // Other journeys pay at the same time: at least this payment has been counted, in German words.
  await expect(usdToday).toHaveText(/^[\d.]+ Bestellung(en)?$/)
  expect(Number((await usdToday.innerText()).replace(/\D/g, ''))).toBeGreaterThanOrEqual(before + 1)
})

test('the support role sees the dashboard too, named as support; no serious axe finding in either colour mode', async ({
  page,
  newUser,
}) => {
  const support = await newUser({ role: 'support' })
  await signInAs(page, support)
  await gotoHydrated(page, '/admin')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard')
  await expect(page.getByTestId('admin-viewer')).toHaveText(`${support.email} · Support`)
  for (const card of ['paid-today', 'paid-week', 'deliveries', 'orders-by-status', 'backlog', 'waiting']) {
    await expect(page.getByTestId(card)).toBeVisible()
  }
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    const { violations } = await new AxeBuilder({ page }).setLegacyMode(true).analyze()
    const serious = violations.filter((v) => v.impact === 'critical' || v.impact === 'serious').map((v) => v.id)
    expect(serious, scheme).toEqual([])
  }
})

test('support finds a shopper’s order by player ID and refunds it in full; the shopper sees it refunded', async ({
  page,
  browser,
  newUser,
}) => {
  const playerId = `5${String(Date.now()).slice(-7)}1`
  const shopperContext = await browser.newContext()
  const shopperPage = await shopperContext.newPage()
  await signInAs(shopperPage, await newUser())
  await gotoHydrated(shopperPage, checkoutPath('').replace('playerId=123456789', `playerId=${playerId}`))
  await shopperPage.getByTestId('method-wallet').check()
  await shopperPage.getByTestId('place-order').click()
  await shopperPage.locator('button[value=approve]').click()
  await expect(shopperPage.getByTestId('payment-result')).toHaveAttribute('data-outcome', 'paid', { timeout: 20_000 })
  const orderId = new URL(shopperPage.url()).searchParams.get('orderId')!

  await signInAs(page, await newUser({ role: 'support' }))
  await gotoHydrated(page, '/admin')
  await page.getByTestId('admin-nav-orders').click()
  await page.getByTestId('orders-q').fill(playerId)
  await page.getByTestId('orders-q').press('Enter')
  await expect(page).toHaveURL(new RegExp(`[?&]q=[^&]*${playerId}`))
  await expect(page.getByTestId('orders-row')).toHaveCount(1)
  await expect(page.getByTestId('orders-row')).toContainText(playerId)
  await page.getByTestId('orders-row').getByRole('link').click()
  await expect(page).toHaveURL(new RegExp(`/admin/orders/${orderId}$`))
  await expect(page.getByTestId('admin-order-payments')).toContainText('Wallet')
  // The delivery runs in the background; the page follows it until the order is delivered.
  await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', 'delivered', { timeout: 20_000 })
  page.once('dialog', (dialog) => void dialog.accept())
  await page.getByTestId('admin-resend').click()
  await expect(page.getByTestId('admin-action-result')).toHaveText('The delivery e-mail is on its way again.')
  page.once('dialog', (dialog) => void dialog.accept())
  await page.getByTestId('admin-refund').click()
  await expect(page.getByTestId('admin-action-result')).toHaveText(
    'Refund requested. The gateway confirms it in a moment.',
  )
  await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', 'refunded', { timeout: 20_000 })

  await expect(async () => {
    await shopperPage.goto(`/order/details?id=${orderId}`)
    await expect(shopperPage.getByTestId('order-status')).toHaveAttribute('data-status', 'refunded', { timeout: 1000 })
  }).toPass({ timeout: 30_000 })
  await shopperContext.close()
})

test('support answers a shopper’s request, the shopper reads the reply; a refund above the support limit is refused', async ({
  page,
  browser,
  newUser,
}) => {
  const shopperContext = await browser.newContext()
  const shopperPage = await shopperContext.newPage()
  await signInAs(shopperPage, await newUser())
  // 99 packages: well above the support role's refund limit (50.00 by default).
  await gotoHydrated(shopperPage, `${checkoutPath('')}&quantity=99`)
  await shopperPage.getByTestId('method-wallet').check()
  await shopperPage.getByTestId('place-order').click()
  await shopperPage.locator('button[value=approve]').click()
  await expect(shopperPage.getByTestId('payment-result')).toHaveAttribute('data-outcome', 'paid', { timeout: 20_000 })
  const orderId = new URL(shopperPage.url()).searchParams.get('orderId')!

  const question = `Where are my gems? ${Date.now()}`
  await gotoHydrated(shopperPage, `/order/service?orderId=${orderId}`)
  await shopperPage.getByTestId('service-form').locator('select[name=topic]').selectOption('not_received')
  await shopperPage.locator('#service-message').fill(question)
  await shopperPage.getByTestId('service-form').getByRole('button').click()
  await expect(shopperPage.getByTestId('service-sent')).toBeVisible()

  await signInAs(page, await newUser({ role: 'support' }))
  await gotoHydrated(page, '/admin')
  await page.getByTestId('admin-nav-support').click()
  const request = page.getByTestId('support-request').filter({ hasText: question })
  await expect(request).toBeVisible()
  const answer = 'Your gems were delivered to the player a minute ago; please restart the game.'
  await request.getByTestId('support-reply-text').fill(answer)
  await request.getByTestId('support-reply-send').click()
  await expect(request).toHaveCount(0) // answered: it leaves the waiting list

  await gotoHydrated(shopperPage, `/order/details?id=${orderId}`)
  await expect(shopperPage.getByTestId('support-thread')).toContainText(question)
  await expect(shopperPage.getByTestId('support-reply')).toHaveText(new RegExp(answer.replace(/[.;]/g, '\\$&')))
  await expect(shopperPage.locator('[data-event=support_reply]')).toBeVisible()

  await gotoHydrated(page, `/admin/orders/${orderId}`)
  await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', 'delivered', { timeout: 20_000 })
  page.once('dialog', (dialog) => void dialog.accept())
  await page.getByTestId('admin-refund').click()
  await expect(page.getByTestId('admin-action-result')).toHaveText(
    'This refund is above your refund limit. Ask an admin.',
  )
  await expect(page.getByTestId('admin-action-result')).toHaveAttribute('role', 'alert')
  await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', 'delivered')
  await shopperContext.close()
})

test('the audit log and withdrawals are for admins: support neither sees nor downloads them; an admin filters the log and downloads the CSV', async ({
  page,
  browser,
  newUser,
}) => {
  const supportContext = await browser.newContext()
  const supportPage = await supportContext.newPage()
  await signInAs(supportPage, await newUser({ role: 'support' }))
  await gotoHydrated(supportPage, '/admin')
  await expect(supportPage.getByTestId('admin-nav-audit')).toHaveCount(0)
  await expect(supportPage.getByTestId('admin-nav-withdrawals')).toHaveCount(0)
  expect((await supportPage.goto('/admin/audit'))?.status()).toBe(404)
  expect((await supportPage.goto('/admin/withdrawals'))?.status()).toBe(404)
  expect((await supportPage.request.get('/api/admin/audit.csv')).status()).toBe(403)
  await supportContext.close()

  await signInAs(page, await newUser({ role: 'admin' }))
  await gotoHydrated(page, '/de/admin')
  await page.getByTestId('admin-nav-withdrawals').click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Auszahlungen')
  await expect(page.getByTestId('withdrawals-empty').or(page.getByTestId('withdrawals-table'))).toBeVisible()
  await page.getByTestId('admin-nav-audit').click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Prüfprotokoll')
  // Actions are chosen by their names in the page's language; the filter sends their codes.
  await page.getByTestId('audit-action').selectOption({ label: 'Weiterleitung gelöscht' })
  await page.getByTestId('audit-filter').locator('input[name=targetId]').fill('no-such-target')
  await page.getByTestId('audit-filter').getByRole('button').click()
  await expect(page.getByTestId('audit-empty')).toBeVisible()
  const query = 'action=content.redirect.delete&targetId=no-such-target'
  await expect(page.getByTestId('audit-csv')).toHaveAttribute('href', `/api/admin/audit.csv?${query}`)
  const csv = await page.request.get(`/api/admin/audit.csv?${query}`)
  expect(csv.status()).toBe(200)
  expect(await csv.text()).toBe('id,at,actor,action,target_type,target_id,before,after\r\n')
})

test('a withdrawal above the second-approval amount needs a second admin; the first cannot approve it twice', async ({
  page,
  browser,
  newUser,
}) => {
  // 5% of a referred 12,000.00 order: 600.00 available, above the 500.00 second-approval amount.
  const promoter = await newUser({ promoter: true, referredOrderMinor: 1_200_000 })
  await signInAs(page, promoter)
  await gotoHydrated(page, '/affiliate/dashboard')
  const available = Number(
    await page.getByTestId('balance-available').locator('[data-amount]').getAttribute('data-amount'),
  )
  expect(available).toBeGreaterThan(50_000)
  const withdraw = page.getByTestId('withdrawal-form')
  await withdraw.locator('input[name=amount]').fill(String(available / 100))
  await withdraw.getByRole('radio', { name: 'Wallet' }).check()
  await withdraw.locator('input[name=destination]').fill(promoter.email)
  await withdraw.locator('button[type=submit]').click()
  await expect(page.getByTestId('withdrawals-table').locator('tr[data-status=requested]')).toHaveCount(1)

  const adminPage = async () => {
    const context = await browser.newContext()
    const adminTab = await context.newPage()
    await signInAs(adminTab, await newUser({ role: 'admin' }))
    await gotoHydrated(adminTab, '/admin/withdrawals')
    return { context, row: adminTab.getByTestId('withdrawal-row').filter({ hasText: promoter.email }) }
  }
  const first = await adminPage()
  const second = await adminPage()
  try {
    await first.row.getByRole('button', { name: 'Approve' }).click()
    await expect(first.row.getByTestId('withdrawal-state')).toHaveText('Needs a second admin')
    // The first approver's button stays disabled, saying why (the server's own refusal of a second
    // approval by the same admin is in tests/integration/affiliate-ledger.test.ts).
    const again = first.row.getByRole('button', { name: 'Approve' })
    await expect(again).toBeDisabled()
    await expect(again).toHaveAttribute('title', /another admin must approve/)

    await second.row.page().reload()
    await expect(second.row.getByTestId('withdrawal-state')).toHaveText('Needs a second admin')
    await second.row.getByRole('button', { name: 'Approve' }).click()
    await expect(second.row.getByTestId('withdrawal-state')).toHaveText('Approved, to pay')
    second.row.page().once('dialog', (dialog) => void dialog.accept('PAYOUT-E2E-1'))
    await second.row.getByRole('button', { name: 'Mark paid' }).click()
    await expect(second.row).toHaveCount(0)
  } finally {
    await Promise.all([first.context.close(), second.context.close()])
  }
  await page.reload()
  await expect(page.getByTestId('withdrawals-table').locator('tr[data-status=paid]')).toHaveCount(1)
})

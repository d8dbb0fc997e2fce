import { checkoutPath } from './shop-pages'
import { gotoHydrated } from './support'
import { expect, signInAs, test, type TestUser } from './user-fixture'
import type { Page } from '@playwright/test'

/**
 * Issue 36, operator polish: what staff (and a shopper who wanders into /admin) see in the back
 * office: the not-found pages, the orders' wording, locale decimals, the sidebar with a long
 * address.
 */

/** A shopper's paid wallet order for `playerId` (ending in 0000: the supplier refuses it); its id. */
async function paidOrder(page: Page, playerId: string): Promise<string> {
  await gotoHydrated(page, checkoutPath('').replace('playerId=123456789', `playerId=${playerId}`))
  await page.getByTestId('method-wallet').check()
  await expect(page.getByTestId('place-order')).toBeEnabled()
  await page.getByTestId('place-order').click()
  await page.locator('button[value=approve]').click()
  await expect(page.getByTestId('payment-result')).toHaveAttribute('data-outcome', 'paid', { timeout: 20_000 })
  return new URL(page.url()).searchParams.get('orderId')!
}

async function staffPage(browser: import('@playwright/test').Browser, user: TestUser) {
  const context = await browser.newContext()
  const page = await context.newPage()
  await signInAs(page, user)
  return { context, page }
}

test('a shopper at /admin gets the shop’s 404 page with its header and footer; support on an admin-only page reads “not available for your role” in the back office', async ({
  page,
  browser,
  login,
  newUser,
}) => {
  await login()
  const response = await page.goto('/admin')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found')
  await expect(page.getByRole('banner')).toBeVisible()
  await expect(page.getByRole('contentinfo')).toBeVisible()
  await expect(page.getByTestId('admin-layout')).toHaveCount(0)

  const support = await staffPage(browser, await newUser({ role: 'support' }))
  for (const [path, heading] of [
    ['/de/admin/staff', 'Für deine Rolle nicht verfügbar'],
    ['/en/admin/audit', 'Not available for your role'],
  ] as const) {
    const answer = await support.page.goto(path)
    expect(answer?.status(), path).toBe(404)
    await expect(support.page.getByTestId('admin-layout')).toBeVisible()
    await expect(support.page.getByRole('heading', { level: 1 })).toHaveText(heading)
  }
  // Followed from inside the back office (a client-side navigation), the same page.
  await gotoHydrated(support.page, '/en/admin')
  await support.page.evaluate(() => window.history.pushState({}, '', '/en/admin/coupons'))
  await support.page.goBack()
  await support.page.goForward()
  await expect(support.page.getByRole('heading', { level: 1 })).toHaveText('Not available for your role')
  await expect(support.page.getByTestId('admin-nav-orders')).toBeVisible()
  await support.context.close()
})

test('orders: the status filter names each status once, in operators’ words, in English and German', async ({
  page,
  newUser,
}) => {
  await signInAs(page, await newUser({ role: 'support' }))
  for (const [prefix, wanted] of [
    ['', 'Needs player details'],
    ['/de', 'Spielerdaten fehlen'],
  ] as const) {
    await gotoHydrated(page, `${prefix}/admin/orders`)
    const options = (await page.getByTestId('orders-status').locator('option').allTextContents()).map((o) => o.trim())
    expect(new Set(options).size, options.join(' | ')).toBe(options.length)
    expect(options).toContain(wanted)
  }
})

test('a failed order says “Delivery failed” once in its history and names its refund’s reason in words', async ({
  page,
  browser,
  login,
  newUser,
}) => {
  test.setTimeout(90_000)
  await login()
  const orderId = await paidOrder(page, `5${String(Date.now()).slice(-6)}0000`)
  // The shopper answers the refund choice (ADR 116): back to the wallet.
  await gotoHydrated(page, `/order/details?id=${orderId}`)
  page.once('dialog', (dialog) => void dialog.accept())
  await page.getByTestId('refund-choice-original').click()
  await expect(page.getByTestId('refund-choice')).toHaveCount(0)
  const support = await staffPage(browser, await newUser({ role: 'support' }))
  await gotoHydrated(support.page, `/admin/orders/${orderId}`)
  await expect(support.page.getByTestId('order-status')).toHaveAttribute('data-status', 'refunded', {
    timeout: 20_000,
  })
  const timeline = support.page.getByTestId('timeline')
  await expect(timeline.locator('li[data-event=failed]')).toBeVisible()
  await expect(timeline.getByText('Delivery failed', { exact: true })).toHaveCount(1)
  await expect(timeline.locator('li[data-event=delivery_failed]')).toContainText('Supplier refused the delivery')
  const reason = support.page.getByTestId('refund-reason').first()
  await expect(reason).toHaveText('The shopper chose a refund to the card or wallet')
  await expect(timeline.locator('li[data-event=refund_to_card_chosen]')).toContainText(
    'The shopper chose a refund to the card or wallet',
  )
  await expect(support.page.getByTestId('admin-order')).not.toContainText('delivery_failed')
  await support.context.close()
})

test('the German refund form prefills “14,99”-style amounts and refunds a typed “0,50”; the audit log names the order and the action in German', async ({
  page,
  browser,
  login,
  newUser,
}) => {
  test.setTimeout(90_000)
  await login()
  const orderId = await paidOrder(page, `5${String(Date.now()).slice(-7)}1`)
  const support = await staffPage(browser, await newUser({ role: 'support' }))
  await gotoHydrated(support.page, `/de/admin/orders/${orderId}`)
  await expect(support.page.getByTestId('order-status')).toHaveAttribute('data-status', 'delivered', {
    timeout: 20_000,
  })
  const amount = support.page.getByTestId('admin-refund-amount')
  await expect(amount).toHaveValue(/^\d+,\d{2}$/)
  // The figure above it, as German writes it, is the same number.
  await expect(support.page.getByTestId('admin-refundable')).toContainText(await amount.inputValue())
  await amount.fill('0,50')
  support.page.once('dialog', (dialog) => void dialog.accept())
  await support.page.getByTestId('admin-refund').click()
  await expect(support.page.getByTestId('refunds').locator('li').first()).toContainText('0,50', { timeout: 20_000 })
  const number = (await support.page.getByRole('heading', { level: 1 }).innerText()).trim()
  await support.context.close()

  // The audit log names the order by its number and the action by its name, in German.
  const admin = await staffPage(browser, await newUser({ role: 'admin' }))
  await gotoHydrated(admin.page, `/de/admin/audit?action=order.refund&targetId=${orderId}`)
  const row = admin.page.getByTestId('audit-row')
  await expect(row).toHaveCount(1)
  await expect(row.getByTestId('audit-target')).toHaveText(number)
  await expect(row.getByTestId('audit-action-name')).toHaveText('Bestellung erstattet')
  await expect(admin.page.getByTestId('audit-action').locator('option:checked')).toHaveText('Bestellung erstattet')
  await admin.context.close()
})

for (const width of [1366, 360]) {
  test(`a long staff e-mail stays inside the sidebar at ${width} px, whole in its title`, async ({ page, newUser }) => {
    const admin = await newUser({ role: 'admin', emailPrefix: 'a-rather-long-staff-member-address.for-testing' })
    await page.setViewportSize({ width, height: 800 })
    await signInAs(page, admin)
    await gotoHydrated(page, '/admin')
    const overflow = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      aside: (() => {
        const aside = document.querySelector('[data-testid=admin-layout] aside')!
        return aside.scrollWidth - aside.clientWidth
      })(),
    }))
    expect(overflow).toEqual({ page: 0, aside: 0 })
    if (width >= 768) {
      const email = page.getByTestId('admin-viewer-email')
      await expect(email).toHaveAttribute('title', admin.email)
      await expect(page.getByTestId('admin-viewer')).toContainText(' · Admin')
      const box = (await email.boundingBox())!
      const aside = (await page.locator('[data-testid=admin-layout] aside').boundingBox())!
      expect(box.x + box.width).toBeLessThanOrEqual(aside.x + aside.width)
    }
  })
}

import { AxeBuilder } from '@axe-core/playwright'
import { payByWallet } from './shop-pages'
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
  const before = (await usdToday.count()) ? Number((await usdToday.innerText()).match(/\d+/)![0]) : 0
  await payByWallet(page, '/de')
  await gotoHydrated(page, '/de/admin')
  await expect(usdToday).toHaveText(new RegExp(`^${before + 1} Bestellung`))
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

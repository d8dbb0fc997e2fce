import { expect, test } from '@playwright/test'
import { checkoutPath, payByWallet, signInAsPromoter } from './shop-pages'
import { gotoHydrated } from './support'
import { createUser, signInAs } from './user-fixture'

/**
 * Screenshots of home, offer and checkout, desktop and mobile, light and dark, for a reviewer to
 * look at: test-results/screenshots/<page>-<device>-<scheme>.png. The back office's two are the
 * ones in docs/screenshots (copied from there when its look changes).
 */

const DEVICES = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 360, height: 740 },
}

for (const [device, viewport] of Object.entries(DEVICES)) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`screenshots: ${device}, ${scheme}`, async ({ browser }) => {
      test.setTimeout(180_000)
      const context = await browser.newContext({ viewport, colorScheme: scheme })
      const page = await context.newPage()
      const shoot = (name: string) =>
        page.screenshot({ path: `test-results/screenshots/${name}-${device}-${scheme}.png`, fullPage: false })
      await gotoHydrated(page, '/')
      await shoot('home')
      await gotoHydrated(page, '/offer/1')
      await shoot('offer')
      await signInAsPromoter(page, '')
      await gotoHydrated(page, checkoutPath(''))
      await page.getByTestId('place-order').waitFor()
      await shoot('checkout')
      await context.close()
    })
  }
}

test('screenshots: the back office’s dashboard and an order, desktop, light', async ({ browser }) => {
  test.setTimeout(180_000)
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: 'light' })
  const page = await context.newPage()
  await signInAs(page, await createUser(page.request, { role: 'admin' }))
  const orderId = await payByWallet(page, '')
  await gotoHydrated(page, '/admin')
  await expect(page.getByTestId('paid-today-table')).toBeVisible()
  await page.screenshot({ path: 'test-results/screenshots/admin-dashboard.png' })
  await gotoHydrated(page, `/admin/orders/${orderId}`)
  await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', 'delivered', { timeout: 20_000 })
  await page.screenshot({ path: 'test-results/screenshots/admin-order.png', fullPage: true })
  await context.close()
})

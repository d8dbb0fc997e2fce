import { test } from '@playwright/test'
import { checkoutPath, signInAsPromoter } from './shop-pages'
import { gotoHydrated } from './support'

/**
 * Screenshots of home, offer and checkout, desktop and mobile, light and dark, for a reviewer to
 * look at: test-results/screenshots/<page>-<device>-<scheme>.png.
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

import { AxeBuilder } from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { checkoutPath, payByWallet, signInAsPromoter } from './shop-pages'
import { gotoHydrated } from './support'
import { createUser, signInAs } from './user-fixture'

/**
 * axe-core over the shop's pages in English and German, light and dark: no critical or serious
 * violation anywhere (colour contrast, names matching visible labels, landmarks, …).
 */

interface Finding {
  page: string
  rule: string
  impact: string
  targets: string[]
}

async function scan(page: Page, name: string): Promise<Finding[]> {
  // Legacy mode runs axe inside the page itself (no helper page per scan): the pages have no iframes.
  const { violations } = await new AxeBuilder({ page }).setLegacyMode(true).analyze()
  return violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => ({
      page: name,
      rule: v.id,
      impact: v.impact!,
      targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
    }))
}

/** The pages a person walks through, in three groups so each test stays short. */
const JOURNEYS: Record<string, (page: Page, prefix: string, check: (name: string) => Promise<void>) => Promise<void>> =
  {
    browse: async (page, prefix, check) => {
      for (const [name, url] of [
        ['home', '/'],
        ['category', '/categories/mobile-games'],
        ['offer', '/offer/1'],
        ['news', '/news'],
      ]) {
        await gotoHydrated(page, `${prefix}${url}`)
        await check(name)
      }
      const article = await page.locator('main a[href*="/articles/"]').first().getAttribute('href')
      await gotoHydrated(page, article!)
      await check('article')
    },
    'sign-in': async (page, prefix, check) => {
      await gotoHydrated(page, `${prefix}/order/list`)
      await expect(page).toHaveURL(/\/login\/[^/?]+/)
      await check('sign-in')
      await page.getByTestId('to-sign-up').click()
      await expect(page).toHaveURL(/\/sign-up/)
      await check('sign-up')
    },
    account: async (page, prefix, check) => {
      await signInAsPromoter(page, prefix)
      await check('order list')
      await gotoHydrated(page, checkoutPath(prefix))
      await check('checkout')
      const orderId = await payByWallet(page, prefix)
      await check('payment result')
      for (const [name, url] of [
        ['order details', `/order/details?id=${orderId}`],
        ['profile', '/user/profile'],
        ['coupons', '/coupon'],
        ['affiliate landing', '/affiliate'],
        ['affiliate dashboard', '/affiliate/dashboard'],
      ]) {
        await gotoHydrated(page, `${prefix}${url}`)
        await check(name)
      }
    },
    // The back office, as an admin (who sees every page): its lists, an order, its editors.
    'back office': async (page, prefix, check) => {
      await signInAs(page, await createUser(page.request))
      const orderId = await payByWallet(page, prefix)
      await page.context().clearCookies()
      await signInAs(page, await createUser(page.request, { role: 'admin' }))
      for (const [name, url] of [
        ['dashboard', '/admin'],
        ['orders', '/admin/orders'],
        ['order', `/admin/orders/${orderId}`],
        ['support', '/admin/support'],
        ['withdrawals', '/admin/withdrawals'],
        ['catalogue', '/admin/catalog'],
        ['game', '/admin/catalog/1'],
        ['coupons', '/admin/coupons'],
        ['promoters', '/admin/promoters'],
        ['content', '/admin/content'],
        ['staff', '/admin/staff'],
        ['audit log', '/admin/audit'],
      ]) {
        await gotoHydrated(page, `${prefix}${url}`)
        await check(`admin ${name}`)
      }
    },
  }

for (const scheme of ['light', 'dark'] as const) {
  for (const prefix of ['', '/de']) {
    for (const [journey, walk] of Object.entries(JOURNEYS)) {
      test(`axe: ${journey} pages (${prefix || '/en'}, ${scheme}) have no critical or serious violation`, async ({
        browser,
      }) => {
        test.setTimeout(300_000)
        const context = await browser.newContext({ colorScheme: scheme })
        const page = await context.newPage()
        const findings: Finding[] = []
        await walk(page, prefix, async (name) => {
          findings.push(...(await scan(page, name)))
        })
        expect(findings, JSON.stringify(findings, null, 2)).toEqual([])
        await context.close()
      })
    }
  }
}

import { LOCALES } from '../../src/modules/i18n/locales'
import { checkoutPath, payByWallet } from './shop-pages'
import { gotoHydrated } from './support'
import { expect, test } from './user-fixture'

/**
 * At 360 px nothing sticks out sideways, in any language, signed out or signed in with a long name:
 * the header's controls, the packages, the payment logos, the checkout and the order all fit the screen.
 */

test.use({ viewport: { width: 360, height: 740 } })

/**
 * The page's width, and elements reaching past the screen outside the navigation (which overflows
 * into "More" by design) and outside boxes that scroll sideways on their own (wide tables).
 */
async function overflowing(page: import('@playwright/test').Page) {
  return page.evaluate(() => ({
    width: document.documentElement.scrollWidth,
    culprits: [...document.querySelectorAll('body *')]
      .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 0.5 && !e.closest('nav'))
      .filter((e) => {
        for (let box = e.parentElement; box && box !== document.body; box = box.parentElement) {
          if (getComputedStyle(box).overflowX !== 'visible') return false
        }
        return true
      })
      .slice(0, 5)
      .map((e) => `${e.tagName.toLowerCase()}.${String(e.getAttribute('class') ?? '').slice(0, 50)}`),
  }))
}

for (const locale of LOCALES) {
  const prefix = locale === 'en' ? '' : `/${locale}`
  test(`360 px, ${locale}: home, offer, checkout, result and order details fit the screen`, async ({ page, login }) => {
    test.setTimeout(120_000)
    for (const url of ['/', '/offer/1']) {
      await gotoHydrated(page, `${prefix}${url}`)
      expect(await overflowing(page), `${prefix}${url} signed out`).toEqual({ width: 360, culprits: [] })
    }
    await login({ username: 'Somebody with a long name' })
    for (const url of ['/offer/1', checkoutPath(''), '/order/list']) {
      await gotoHydrated(page, `${prefix}${url}`)
      await expect(page.getByTestId('user-name')).toBeVisible()
      expect(await overflowing(page), `${prefix}${url} signed in`).toEqual({ width: 360, culprits: [] })
    }
    // Paying is the slow part: the result and order pages are checked in the longest-worded locales.
    if (!['de', 'ru'].includes(locale)) return
    const orderId = await payByWallet(page, prefix)
    expect(await overflowing(page), 'payment result').toEqual({ width: 360, culprits: [] })
    await gotoHydrated(page, `${prefix}/order/details?id=${orderId}`)
    expect(await overflowing(page), 'order details').toEqual({ width: 360, culprits: [] })
  })
}

test('360 px: a promoter’s dashboard (links and withdrawals tables) and profile fit the screen', async ({
  page,
  login,
}) => {
  // A table wider than the phone scrolls inside its own box; before, its visually hidden column
  // title (sr-only, positioned) escaped that box and the whole dashboard scrolled sideways.
  await login({ promoter: true })
  for (const url of ['/de/affiliate/dashboard', '/affiliate/dashboard', '/de/user/profile']) {
    await gotoHydrated(page, url)
    await expect(page.getByTestId('user-name')).toBeVisible()
    if (url.includes('dashboard')) await expect(page.getByTestId('links-table')).toBeVisible()
    expect(await overflowing(page), url).toEqual({ width: 360, culprits: [] })
  }
})

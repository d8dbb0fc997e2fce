/**
 * Server and browser render the same page. A hydration mismatch makes React throw the server's
 * HTML away and render the page again: slower, and whatever the visitor already typed is lost
 * (it once wiped a changed username on the profile page: country names differ between Node's and
 * Chromium's ICU data). Every SPEC route, signed out and signed in, in German and English.
 */
import { expect, test } from './user-fixture'
import { ROUTES } from './spec-routes'

const PAGES = ROUTES.filter((route) => !route.startsWith('/auth/') && !route.startsWith('/affiliate/reflink'))

for (const [who, prefix] of [
  ['a visitor', '/de'],
  ['a signed-in shopper', ''],
] as const) {
  test(`no hydration errors on any page for ${who} (${prefix || '/'})`, async ({ page, login }) => {
    test.setTimeout(120_000)
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message.slice(0, 160)}`))
    if (who !== 'a visitor') await login()
    for (const route of PAGES) {
      await page.goto(prefix + (route === '/' ? '' : route))
      await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
    }
    // React reports a mismatch as an uncaught error once the page has recovered.
    await page.goto(`${prefix}/how-to-buy`)
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
    expect(errors).toEqual([])
  })
}

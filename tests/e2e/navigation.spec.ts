import { expect, test, type Page } from '@playwright/test'
import { gotoHydrated } from './support'

/**
 * Every navigation entry (the appended News included) can be reached on a laptop and on a small
 * phone in every language: entries that do not fit in the header row are in the "More" menu.
 */

const LOCALES = ['en', 'fr', 'pt', 'es', 'de', 'ru'] as const
const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 360, height: 740 },
]

/** The entry's link, opening the "More" menu first when the entry is not in the row. */
async function reach(page: Page, code: string) {
  const inline = page.getByTestId('main-nav').locator(`a[data-code="${code}"]`)
  if (await inline.count()) return inline
  const more = page.getByTestId('nav-more')
  if (!(await more.evaluate((d: HTMLDetailsElement) => d.open))) await more.locator('summary').click()
  return more.locator(`a[data-code="${code}"]`)
}

/** Fully on screen and not clipped by the header row. */
async function expectFullyVisible(page: Page, code: string) {
  const link = await reach(page, code)
  await expect(link, code).toBeVisible()
  const box = (await link.boundingBox())!
  const row = (await page.getByRole('navigation').first().boundingBox())!
  const width = page.viewportSize()!.width
  expect(box.x, code).toBeGreaterThanOrEqual(0)
  expect(box.x + box.width, code).toBeLessThanOrEqual(width + 0.5)
  // An entry in the row must not be cut by the row's edge (the menu drops below it instead).
  if (box.y < row.y + row.height) expect(box.x + box.width, code).toBeLessThanOrEqual(row.x + row.width + 0.5)
}

for (const viewport of VIEWPORTS) {
  for (const locale of LOCALES) {
    test(`navigation at ${viewport.width}px in ${locale}: every entry reachable, News opens`, async ({
      browser,
      request,
    }) => {
      const entries = (await (await request.get('/api/product/categories/navigation')).json()) as { code: string }[]
      expect(entries.map((e) => e.code)).toContain('news')
      const context = await browser.newContext({ viewport })
      const page = await context.newPage()
      await gotoHydrated(page, `/${locale}`)
      for (const { code } of entries) {
        await expectFullyVisible(page, code)
        // Close the menu again so the next entry is looked up from the row first.
        await page.keyboard.press('Escape')
      }
      await (await reach(page, 'news')).click()
      await expect(page).toHaveURL(new RegExp(`/${locale}/news$`))
      await expect(page.locator('h1')).toBeVisible()
      await context.close()
    })
  }
}

import { AxeBuilder } from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { gotoHydrated } from './support'

/**
 * Game search as a person uses it, in English and German: the header's combobox (fetched on focus)
 * with a typo and by keyboard, Escape, the results page, an empty result offering the best sellers,
 * and the box at 360 px.
 */

const LANGUAGES = [
  { prefix: '', label: 'Search games', empty: /No games match/, bestSellers: 'Best-selling games' },
  { prefix: '/de', label: 'Spiele suchen', empty: /Kein Spiel passt/, bestSellers: 'Meistverkaufte Spiele' },
]

/**
 * Focuses the header's field (as Tab would, or with a click) and waits for the combobox that takes
 * its place with the focus.
 */
async function openCombobox(page: Page, label: string, how: 'focus' | 'click') {
  const field = page.getByRole('searchbox', { name: label }).first()
  await (how === 'focus' ? field.focus() : field.click())
  const box = page.getByRole('combobox', { name: label })
  await expect(box).toBeFocused()
  return box
}

/** The suggestions (the language switcher's select has options too). */
const suggestions = (page: Page) => page.getByTestId('search-suggestions').getByRole('option')

for (const { prefix, label, empty, bestSellers } of LANGUAGES) {
  const lang = prefix ? prefix.slice(1) : 'en'

  test(`${lang}: a typo finds the game, chosen by keyboard; Escape closes, then clears`, async ({ page }) => {
    await gotoHydrated(page, `${prefix}/news`)
    const box = await openCombobox(page, label, 'focus')
    await box.pressSequentially('starfal legnds')
    const option = suggestions(page).filter({ hasText: /Starfall Legends/ })
    await expect(option).toBeVisible()
    await expect(box).toHaveAttribute('aria-expanded', 'true')

    await box.press('ArrowDown')
    const first = suggestions(page).first()
    await expect(first).toHaveAttribute('aria-selected', 'true')
    await expect(box).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id'))!)
    // ArrowUp from the first wraps to the last; ArrowDown comes back to the first.
    await box.press('ArrowUp')
    await expect(suggestions(page).last()).toHaveAttribute('aria-selected', 'true')
    await box.press('ArrowDown')
    await expect(first).toHaveAttribute('aria-selected', 'true')

    // Escape closes the list and keeps the text; a second Escape clears it.
    await box.press('Escape')
    await expect(page.getByTestId('search-suggestions')).toBeHidden()
    await expect(box).toHaveValue('starfal legnds')
    await box.press('Escape')
    await expect(box).toHaveValue('')

    await box.pressSequentially('starfal legnds')
    await expect(option).toBeVisible()
    await box.press('ArrowDown')
    await expect(first).toHaveAttribute('aria-selected', 'true')
    await box.press('Enter')
    await expect(page).toHaveURL(new RegExp(`${prefix}/offer/\\d+$`))
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Starfall Legends')
  })

  test(`${lang}: Enter with nothing chosen opens the results page; it is axe-clean and not indexed`, async ({
    page,
  }) => {
    await gotoHydrated(page, `${prefix}/`)
    const box = await openCombobox(page, label, 'click')
    // An alias the admin set ("sfl") finds the game too.
    await box.pressSequentially('sfl')
    await expect(suggestions(page).filter({ hasText: /Starfall Legends/ })).toBeVisible()
    await box.press('Enter')
    await expect(page).toHaveURL(new RegExp(`${prefix}/search\\?q=sfl$`))
    await expect(page.getByTestId('game-grid').getByTestId('game-card').first()).toContainText('Starfall Legends')
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/)

    const { violations } = await new AxeBuilder({ page }).setLegacyMode(true).analyze()
    const serious = violations.filter((v) => v.impact === 'critical' || v.impact === 'serious')
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
  })

  test(`${lang}: an empty result says so and offers the best-selling games`, async ({ page }) => {
    await gotoHydrated(page, `${prefix}/search?q=qqqzzzxxx`)
    await expect(page.getByTestId('results-empty')).toContainText(empty)
    const section = page.getByRole('region', { name: bestSellers })
    await expect(section.getByTestId('game-card').first()).toBeVisible()
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/)

    // The page's own field searches again, in the page's language.
    await page.getByRole('main').getByRole('searchbox').fill('mech arena')
    await page.getByRole('main').getByRole('searchbox').press('Enter')
    await expect(page).toHaveURL(new RegExp(`${prefix}/search\\?q=mech`))
    await expect(page.getByTestId('game-grid').getByTestId('game-card').first()).toContainText('Mech Arena Zero')

    const { violations } = await new AxeBuilder({ page }).setLegacyMode(true).analyze()
    expect(violations.filter((v) => v.impact === 'critical' || v.impact === 'serious').map((v) => v.id)).toEqual([])
  })

  test(`${lang}: at 360 px the header fits, and a button opens the search`, async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 })
    await gotoHydrated(page, `${prefix}/`)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(360)
    await expect(page.getByRole('searchbox', { name: label })).toBeHidden()

    const toggle = page.getByRole('button', { name: label })
    await toggle.click()
    const box = page.getByRole('combobox', { name: label })
    await expect(box).toBeFocused()
    // Escape on the empty field closes the row and gives the focus back to the button.
    await box.press('Escape')
    await expect(box).toBeHidden()
    await expect(toggle).toBeFocused()
    await toggle.press('Enter')
    await expect(box).toBeFocused()
    const field = await box.boundingBox()
    expect(field!.x).toBeGreaterThanOrEqual(0)
    expect(field!.x + field!.width).toBeLessThanOrEqual(360)
    await box.pressSequentially('mech arena')
    await expect(suggestions(page).filter({ hasText: /Mech Arena Zero/ })).toBeVisible()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(360)
    await box.press('ArrowDown')
    await box.press('Enter')
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Mech Arena Zero')
  })
}

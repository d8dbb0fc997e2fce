import type { Page } from '@playwright/test'
import { gotoHydrated } from './support'
import { expect, test } from './user-fixture'

/**
 * Commission into store credit from the promoter dashboard (ADR 059) at 360 px, by keyboard only:
 * the amount starts at all that is available, Enter moves it, the result is announced in the
 * page's language and the store-credit balance shows it; nothing of the panel sticks out sideways.
 */

test.use({ viewport: { width: 360, height: 740 } })

/** Elements of the store-credit panel reaching past the screen (the dashboard's tables scroll). */
async function overflowing(page: Page) {
  return page.evaluate(() => ({
    culprits: [...document.querySelectorAll('[data-testid=store-credit], [data-testid=store-credit] *')]
      .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 0.5)
      .slice(0, 5)
      .map((e) => `${e.tagName.toLowerCase()}.${String(e.getAttribute('class') ?? '').slice(0, 50)}`),
  }))
}

const available = async (page: Page) =>
  Number(await page.getByTestId('balance-available').locator('[data-amount]').getAttribute('data-amount'))

for (const [prefix, moved] of [
  ['/de', 'in dein Shop-Guthaben übertragen'],
  ['/ru', 'переведено на ваш баланс магазина'],
] as const) {
  test(`360 px, ${prefix}: available commission moved into store credit by keyboard`, async ({ page, login }) => {
    // 5% of 100.00, released at once: 5.00 available.
    await login({ promoter: true, referredOrderMinor: 10_000 })
    await gotoHydrated(page, `${prefix}/affiliate/dashboard`)
    const panel = page.getByTestId('store-credit')
    await expect(panel).toBeVisible()
    await expect(page.getByTestId('store-credit-balance')).toHaveAttribute('data-amount', '0')
    const amount = page.getByTestId('move-to-credit-form').locator('input[name=amount]')
    await expect(amount).toHaveValue('5.00')
    expect(await overflowing(page), 'before').toEqual({ culprits: [] })

    await amount.focus()
    await page.keyboard.press('Enter')
    await expect(panel.getByRole('status')).toContainText(moved)
    await expect(page.getByTestId('store-credit-balance')).toHaveAttribute('data-amount', '500')
    await expect.poll(() => available(page)).toBe(0)
    // Nothing left to move: the button rests until new commission is available.
    await expect(page.getByTestId('move-to-credit-form').getByRole('button')).toBeDisabled()
    expect(await overflowing(page), 'after').toEqual({ culprits: [] })
  })
}

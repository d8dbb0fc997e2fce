import type { Browser, Page } from '@playwright/test'
import { placeOrder, result, toCheckout } from './checkout-steps'
import { gotoHydrated } from './support'
import { expect, signInAs, test, type TestUser } from './user-fixture'

/**
 * Issue 35: a creator code from entry to the promoter's commission and the shopper's discount, in
 * English and in French. The promoter chooses a code on the dashboard, an admin gives it a capped
 * shopper discount, a shopper who signed up through nobody types it at checkout (by keyboard),
 * pays, and sees the creator and the discount on the receipt; the promoter's dashboard then counts
 * the order under the creator code, with its commission.
 */

// Headless Chromium announces itself as HeadlessChrome, which the click counter treats as a bot.
const BROWSER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36'
test.use({ userAgent: BROWSER_UA })

async function signedInPage(browser: Browser, user: TestUser & { totpSecret?: string | null }): Promise<Page> {
  const context = await browser.newContext({ userAgent: BROWSER_UA })
  await signInAs(context, user)
  return context.newPage()
}

/** "$1.04" or "1,04 $US" → 104. */
const minor = (text: string | null) => Number((text ?? '').replace(/\D/g, ''))
/** Matches an amount of `value` minor units in either language's format. */
const money = (value: number) => new RegExp(`${Math.floor(value / 100)}[.,]${String(value % 100).padStart(2, '0')}`)

for (const locale of ['en', 'fr'] as const) {
  test(`a creator code from entry to the promoter's commission and the shopper's discount (${locale})`, async ({
    page,
    browser,
    newUser,
    login,
  }) => {
    test.setTimeout(120_000)
    const code = `Crew${locale}${Date.now().toString(36).slice(-6)}`

    // The promoter chooses a public code on the dashboard; another letter case is the same code.
    const promoter = await signedInPage(browser, await newUser({ promoter: true }))
    await gotoHydrated(promoter, `/${locale}/affiliate/dashboard`)
    const form = promoter.getByTestId('creator-code-form')
    await form.locator('input[name=code]').fill('Sh1t_Crew')
    await form.locator('button[type=submit]').click()
    await expect(promoter.getByTestId('creator-code-panel').getByRole('alert')).toBeVisible()
    await form.locator('input[name=code]').fill(code)
    await form.locator('input[name=code]').press('Enter')
    await expect(promoter.getByTestId('my-creator-code')).toContainText(code)

    // An admin gives the code 10 % off, at most 0.05 in USD (below 10 % of the package: the cap decides).
    const admin = await signedInPage(browser, await newUser({ role: 'admin' }))
    await gotoHydrated(admin, `/${locale}/admin/promoters`)
    await admin.getByTestId('creator-codes-q').fill(code.toLowerCase())
    await admin.getByTestId('creator-codes-q').press('Enter')
    const row = admin.locator(`[data-testid=creator-code-row][data-code="${code}"]`)
    await row.getByTestId('creator-discount').click()
    const discountForm = row.getByTestId('creator-discount-form')
    await discountForm.locator('input[name=percent]').fill('10')
    await discountForm.locator('input[name=cap-USD]').fill('0.05')
    await discountForm.locator('button[type=submit]').click()
    await expect(discountForm).toBeHidden()
    await expect(row).toContainText('10')

    // The shopper types the code at checkout, by keyboard, and sees "Supporting CODE" and the discount.
    await login()
    const params = await toCheckout(page)
    if (locale !== 'en') await gotoHydrated(page, `/${locale}/order/confirm?${params.toString()}`)
    const support = page.getByTestId('support-creator')
    const field = support.locator('input[name=creator]')
    await field.focus()
    await page.keyboard.type(code.toUpperCase())
    await page.keyboard.press('Enter')
    await expect(support.getByTestId('supporting')).toHaveAttribute('data-code', code)
    await expect(page.getByTestId('creator-line')).toHaveAttribute('data-code', code)
    await expect(page.getByTestId('creator-discount')).toHaveText(/0[.,]05/)
    const subtotal = minor(await page.getByTestId('subtotal').textContent())
    expect(subtotal / 10).toBeGreaterThan(5)
    await expect(page.getByTestId('total')).toHaveText(money(subtotal - 5))

    await placeOrder(page, 'card')
    // The gateway's hosted page speaks the order's language.
    await page.locator('#number').fill('4242 4242 4242 4242')
    await page.locator('#expiry').fill('12/39')
    await page.locator('#cvc').fill('123')
    await page.getByRole('button', { name: locale === 'fr' ? /^Payer / : /^Pay / }).click()
    await expect(result(page)).toHaveAttribute('data-outcome', 'paid', { timeout: 15_000 })
    await page.getByTestId('view-order').click()
    // The receipt names the creator and the discount the order got.
    await expect(page.getByTestId('creator-line')).toHaveAttribute('data-code', code)
    await expect(page.getByTestId('creator-discount')).toHaveText(/0[.,]05/)

    // The promoter's dashboard counts the order under the creator code, with its commission.
    await expect(async () => {
      await promoter.reload()
      await expect(promoter.getByTestId('split-code')).toHaveAttribute('data-orders', '1', { timeout: 2_000 })
    }).toPass({ timeout: 30_000 })
    await expect(promoter.getByTestId('split-code-commission')).not.toHaveText(/^\D*0[.,]00\D*$/)
    await expect(promoter.getByTestId('split-link')).toHaveAttribute('data-orders', '0')
    await expect(promoter.getByTestId('balance-pending')).not.toHaveText(/^\D*0[.,]00\D*$/)
  })
}

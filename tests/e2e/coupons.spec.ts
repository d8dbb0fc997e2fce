import { expect, test } from './user-fixture'
import { gotoHydrated } from './support'

/** SPEC §2 gives /coupon no guard: visitors see the coupons for everyone; keeping one asks to sign in. */

test('a visitor sees the listed coupons and how to use them; checking a code opens the sign-in dialog', async ({
  page,
}) => {
  await gotoHydrated(page, '/de/coupon')
  const listed = page.getByTestId('listed-coupons')
  await expect(listed.locator('[data-coupon]')).toHaveCount(2)
  await expect(listed.locator('[data-coupon="WELCOME10"]')).toBeVisible()
  await expect(listed.locator('[data-coupon="SAVE5"]')).toBeVisible()
  await expect(listed.locator('[data-coupon="LIMITED"]')).toHaveCount(0)
  await expect(page.getByText('Gib einen Code an der Kasse ein')).toBeVisible()
  await expect(page.getByTestId('coupons-sign-in')).toBeVisible()

  await page.locator('#coupon').fill('welcome10')
  await page.getByTestId('coupon-redeem').locator('button[type=submit]').click()
  await expect(page.getByTestId('auth-dialog')).toBeVisible()
  // The dialog sits over the page: what the visitor typed is still there.
  await expect(page.locator('#coupon')).toHaveValue('welcome10')
})

test('a signed-in shopper sees the listed coupons and checks and keeps a code', async ({ page, login }) => {
  await login()
  await gotoHydrated(page, '/coupon')
  await expect(page.getByTestId('listed-coupons').locator('[data-coupon]')).toHaveCount(2)
  await expect(page.getByTestId('coupons-sign-in')).toHaveCount(0)
  await expect(page.getByTestId('no-coupons')).toBeVisible()
  await page.locator('#coupon').fill('limited')
  await page.getByTestId('coupon-redeem').locator('button[type=submit]').click()
  await expect(page.getByTestId('coupon-preview').locator('[data-coupon="LIMITED"]')).toBeVisible()
  await page.getByTestId('coupon-save').click()
  await expect(page.getByTestId('my-coupons').locator('[data-coupon="LIMITED"]')).toBeVisible()
})

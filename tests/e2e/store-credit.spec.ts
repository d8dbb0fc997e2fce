import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { payByCard, placeOrder, result, toCheckout } from './checkout-steps'
import { gotoHydrated, mailsTo, OUTBOX } from './support'
import { expect, signInAs, test } from './user-fixture'

/** Accepts the next confirm() the page opens (the admin's grant and refund ask first). */
const acceptNextDialog = (page: Page) => page.once('dialog', (dialog) => void dialog.accept())

/** The bodies of the outbox's mails with this subject (quoted-printable soft breaks joined). */
function mailsWithSubject(subject: string): string[] {
  return readdirSync(OUTBOX)
    .map((f) => readFileSync(path.join(OUTBOX, f), 'utf8').replace(/=\r?\n/g, ''))
    .filter((m) => m.includes(`Subject: ${subject}`))
}

/**
 * Store credit, visible everywhere it matters (issue 16 part 3): a shopper buys a small package;
 * an admin gives them goodwill credit and refunds that order to store credit; the shopper sees
 * the balance in the header and on the profile, buys a bigger package paying part with credit and
 * the rest by card with 3-D Secure (a wrong code first gives the credit back; paying again holds
 * it again), and the order page shows both parts while the balance is spent.
 */
test('an admin grants store credit, the shopper sees it and pays part of the next order with it', async ({
  page,
  browser,
  login,
  newUser,
}) => {
  await login()

  // 1. A first order ($0.99), paid by card: the admin finds the shopper through it.
  await toCheckout(page, { sku: 0 })
  await expect(page.getByTestId('use-credit')).toHaveCount(0)
  await placeOrder(page, 'card')
  await payByCard(page, '4242 4242 4242 4242')
  await expect(result(page)).toHaveAttribute('data-outcome', 'paid', { timeout: 15_000 })
  const firstId = new URL(page.url()).searchParams.get('orderId')!
  expect(firstId).toMatch(/^[0-9a-f-]{36}$/)

  // 2. The admin grants $5.00 of goodwill and refunds the first order ($0.99) to store credit.
  const adminContext = await browser.newContext()
  try {
    const admin = await adminContext.newPage()
    await signInAs(admin, await newUser({ role: 'admin' }))
    await gotoHydrated(admin, `/admin/orders/${firstId}`)
    const credit = admin.getByTestId('admin-shopper-credit')
    await expect(credit.locator('li[data-currency="USD"]')).toHaveAttribute('data-minor', '0')
    await admin.getByTestId('admin-grant-amount').fill('5.00')
    await admin.getByTestId('admin-grant-reason').fill('Sorry for the wait')
    acceptNextDialog(admin)
    await admin.getByTestId('admin-grant').click()
    await expect(admin.getByTestId('admin-grant-result')).toContainText('$5.00')
    await expect(credit.locator('li[data-currency="USD"]')).toHaveAttribute('data-minor', '500')

    await expect(admin.getByTestId('admin-refund-amount')).toHaveValue('0.99')
    await admin.getByTestId('admin-refund-to-credit').check()
    acceptNextDialog(admin)
    await admin.getByTestId('admin-refund').click()
    await expect(admin.getByTestId('admin-refunds').locator('li[data-destination="credit"]')).toHaveCount(1)
    await expect(credit.locator('li[data-currency="USD"]')).toHaveAttribute('data-minor', '599')
  } finally {
    await adminContext.close()
  }

  // 3. The shopper sees $5.99 in the header and on the profile; the first order says where its refund went.
  await gotoHydrated(page, '/')
  await expect(page.getByTestId('header-credit')).toHaveAttribute('data-minor', '599')
  await expect(page.getByTestId('header-credit')).toContainText('$5.99')
  await gotoHydrated(page, '/user/profile')
  await expect(page.getByTestId('profile-credit').locator('li[data-currency="USD"]')).toHaveAttribute(
    'data-minor',
    '599',
  )
  await gotoHydrated(page, `/order/details?id=${firstId}`)
  await expect(page.getByTestId('refunds').locator('li[data-destination="credit"]')).toContainText('to store credit')
  // The card was not given anything back: the payment line names where the money went (issue 36).
  await expect(page.getByTestId('paid-card')).toContainText('Refunded to store credit')

  // 4. A $14.99 package: $5.99 from store credit (on by default), $9.00 by card with 3-D Secure.
  await toCheckout(page, { sku: 2 })
  await expect(page.getByTestId('use-credit-checkbox')).toBeChecked()
  await expect(page.getByTestId('credit-balance')).toHaveAttribute('data-minor', '599')
  await expect(page.getByTestId('to-pay')).toHaveText('$14.99')
  await expect(page.getByTestId('credit-part')).toHaveAttribute('data-minor', '599')
  await expect(page.getByTestId('card-part')).toHaveText('$9.00')
  await placeOrder(page, 'card')
  // A wrong 3-D Secure code first: the card part fails, so the held credit is given back…
  await payByCard(page, '4000 0000 0000 3220', '000000')
  await expect(result(page)).toHaveAttribute('data-outcome', 'failed', { timeout: 15_000 })
  const failedId = new URL(page.url()).searchParams.get('orderId')!
  await gotoHydrated(page, '/user/profile')
  await expect(page.getByTestId('profile-credit').locator('li[data-currency="USD"]')).toHaveAttribute(
    'data-minor',
    '599',
  )
  // …and paying again holds it again: /request-payment shows the same split.
  await gotoHydrated(page, `/request-payment?orderId=${failedId}`)
  await expect(page.getByTestId('credit-part')).toHaveAttribute('data-minor', '599')
  await expect(page.getByTestId('card-part')).toHaveText('$9.00')
  await page.getByTestId('method-card').check()
  await page.getByTestId('pay-order').click()
  await expect(page).toHaveURL(/cashier-desk\/transactions/)
  await payByCard(page, '4000000000003220', '123456')
  await expect(result(page)).toHaveAttribute('data-outcome', 'paid', { timeout: 15_000 })
  const secondId = new URL(page.url()).searchParams.get('orderId')!

  // 5. The order page shows both parts; the balance is spent, so the header shows none.
  await gotoHydrated(page, `/order/details?id=${secondId}`)
  await expect(page.getByTestId('paid-credit')).toHaveAttribute('data-minor', '599')
  await expect(page.getByTestId('paid-credit')).toContainText('$5.99')
  await expect(page.getByTestId('paid-card')).toHaveAttribute('data-minor', '900')
  await expect(page.getByTestId('paid-card')).toContainText('$9.00')
  await expect(page.getByTestId('user-menu')).toBeVisible()
  await expect(page.getByTestId('header-credit')).toHaveCount(0)
  await gotoHydrated(page, '/user/profile')
  await expect(page.getByTestId('profile-credit-empty')).toBeVisible()
})

/**
 * The other way out of "needs your player details" (a player ID ending in 4040 is refused at
 * delivery): everything back as store credit at once, said on the order page, in the header and
 * in the refund mail.
 */
test('a shopper waiting to correct the player takes the refund as store credit now', async ({ page, login }) => {
  await login()
  await toCheckout(page, { playerId: '5554040' })
  await placeOrder(page, 'card')
  await payByCard(page, '4242424242424242')
  await expect(result(page)).toHaveAttribute('data-outcome', 'paid', { timeout: 15_000 })
  await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', 'needs_player_details', {
    timeout: 20_000,
  })
  await page.getByTestId('view-order').click()
  await expect(page.getByTestId('refund-to-credit')).toBeVisible()
  const number = (await page.getByTestId('order-number').textContent())!.trim()
  const total = (await page.getByTestId('paid-card').getAttribute('data-minor'))!

  acceptNextDialog(page)
  await page.getByTestId('refund-to-credit-submit').click()
  // The page follows the order (long poll) until the refund is booked.
  await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', 'refunded', { timeout: 20_000 })
  await expect(page.getByTestId('player-fix-form')).toHaveCount(0)
  await expect(page.getByTestId('refunds').locator('li[data-destination="credit"]')).toContainText('to store credit')
  // The card was not given anything back: the payment line names where the money went (issue 36).
  await expect(page.getByTestId('paid-card')).toContainText('Refunded to store credit')
  await expect(page.getByTestId('header-credit')).toHaveAttribute('data-minor', total)

  await expect
    .poll(() => mailsWithSubject(`Your order ${number} has been refunded`).length, { timeout: 15_000 })
    .toBe(1)
  const [mail] = mailsWithSubject(`Your order ${number} has been refunded`)
  expect(mail).toContain('to your store credit')
})

/**
 * A choice when delivery fails (issue 35, ADR 116): a player ID ending in 0000 pays and then fails
 * for good; the order page offers store credit now or the card until a deadline, the mail offers
 * the same with links that land on the choice; store credit is booked at once and every place
 * names it (the refund line, the payment line, the header's balance, the refund mail).
 */
const FAILED_WORDS = {
  en: {
    heading: 'Delivery failed: how do you want your money back?',
    toCredit: 'to store credit',
    paidCard: 'Refunded to store credit',
    choiceSubject: (n: string) => `Delivery of your order ${n} failed: choose your refund`,
    refundSubject: (n: string) => `Your order ${n} has been refunded`,
    refundText: 'to your store credit',
  },
  fr: {
    heading: 'Échec de la livraison : comment voulez-vous être remboursé ?',
    toCredit: 'en avoir',
    paidCard: 'Remboursé en avoir',
    choiceSubject: (n: string) => `La livraison de votre commande ${n} a échoué : choisissez votre remboursement`,
    refundSubject: (n: string) => `Votre commande ${n} a été remboursée`,
    refundText: 'en avoir sur votre compte',
  },
}

for (const locale of ['en', 'fr'] as const) {
  test(`a failed delivery taken as store credit (${locale})`, async ({ page, login }) => {
    const words = FAILED_WORDS[locale]
    const prefix = locale === 'en' ? '' : `/${locale}`
    const shopper = await login()
    await toCheckout(page, { playerId: '5550000', locale: locale === 'en' ? undefined : locale })
    await placeOrder(page, 'card')
    await payByCard(page, '4242424242424242')
    await expect(result(page)).toHaveAttribute('data-outcome', 'paid', { timeout: 15_000 })
    await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', 'failed', { timeout: 20_000 })
    const orderId = new URL(page.url()).searchParams.get('orderId')!

    // The mail offers both ways; its "store credit" link lands on that choice, focused.
    const choiceMail = () => mailsTo(shopper.email).find((m) => m.text.includes(`id=${orderId}#refund-credit`))
    await expect.poll(() => Boolean(choiceMail()), { timeout: 15_000 }).toBe(true)
    const link = choiceMail()!.text.match(/https?:\/\/\S+#refund-credit/)![0]
    expect(link).toContain(`${prefix}/order/details?id=${orderId}`)
    expect(choiceMail()!.text).toContain(`${prefix}/order/details?id=${orderId}#refund-original`)
    await gotoHydrated(page, link.replace(/^https?:\/\/[^/]+/, ''))
    const number = (await page.getByTestId('order-number').textContent())!.trim()
    expect(choiceMail()!.subject).toBe(words.choiceSubject(number))
    const choice = page.getByTestId('refund-choice')
    await expect(choice.getByRole('heading', { level: 2 })).toHaveText(words.heading)
    await expect(page.getByTestId('refund-choice-deadline')).toBeVisible()
    await expect(page.getByTestId('refund-choice-credit')).toBeFocused()
    const total = (await page.getByTestId('paid-card').getAttribute('data-minor'))!

    // By keyboard: the focused choice, Enter, then the confirmation.
    acceptNextDialog(page)
    await page.keyboard.press('Enter')
    await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', 'refunded', { timeout: 20_000 })
    await expect(choice).toHaveCount(0)
    await expect(page.getByTestId('refunds').locator('li[data-destination="credit"]')).toContainText(words.toCredit)
    await expect(page.getByTestId('paid-card')).toContainText(words.paidCard)
    await expect(page.getByTestId('header-credit')).toHaveAttribute('data-minor', total)
    const refundMails = () => mailsTo(shopper.email).filter((m) => m.subject === words.refundSubject(number))
    await expect.poll(() => refundMails().length, { timeout: 15_000 }).toBe(1)
    expect(refundMails()[0]!.text).toContain(words.refundText)
  })
}

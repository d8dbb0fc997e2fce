import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { SEED_GAMES } from '../../src/app/seed/data/catalog'
import { LOCALE_NAMES } from '../../src/modules/i18n/locales'
import { parseEml } from '../../src/server/mail/outbox'
import { checkoutPath } from './shop-pages'
import { gotoHydrated, OUTBOX, outboxMark } from './support'
import { expect, test } from './user-fixture'

/**
 * No English on the translated shop: the buy path (home, category, offer, checkout, the hosted card,
 * 3-D Secure and wallet pages, the result, the order details) and the order mails are rendered in
 * English and in each other locale, and every line of text that comes out identical must be a brand
 * or game name, a nickname, an e-mail address or a figure. A sentence left in English, a data field
 * that was never translated (SKU names, banner titles, server names) or a page that ignores the
 * shopper's locale shows up here as a line both renderings share.
 */

const LOCALES = ['de', 'fr', 'ru', 'pt', 'es'] as const

/**
 * Names that stay the same in every language: the shop, its games, their publishers and servers, the
 * languages' own names in the switcher, the card brands.
 */
const PROPER_NAMES = [
  'TopUp Hub',
  ...SEED_GAMES.flatMap((game) => [
    game.name,
    game.publisher,
    ...game.playerFields.flatMap((field) => field.options?.map((option) => option.label) ?? []),
  ]),
  ...Object.values(LOCALE_NAMES),
  'American Express',
  'Mastercard',
  'Visa',
  '3-D Secure',
].sort((a, b) => b.length - a.length)

/** Words a language spells exactly as English does (a Spanish "Total" is Spanish). */
const SAME_IN: Record<(typeof LOCALES)[number], string[]> = {
  de: ['Code', 'Name', 'Server', 'Wallet'],
  fr: ['Code', 'Total'],
  ru: [],
  pt: ['Subtotal', 'Total'],
  es: ['Subtotal', 'Total'],
}

/** True when `line` is the same in every language: names, nicknames, addresses, codes and figures. */
function isLanguageNeutral(line: string, user: { email: string; username: string | null }): boolean {
  let rest = line.replaceAll(user.email, '').replaceAll(user.username ?? user.email.split('@')[0]!, '')
  for (const name of PROPER_NAMES) rest = rest.replaceAll(name, '')
  rest = rest
    .replace(/\bPlayer\w+/g, '') // the sandbox supplier's nicknames
    .replace(/\b[A-Z]{2,}[-_]?[0-9A-Z]*\b/g, '') // order numbers, supplier references, currency codes
    .replace(/https?:\/\/\S+/g, '')
  return !/\p{L}{2,}/u.test(rest)
}

function linesOf(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
}

type Rendering = Map<string, string[]>

function mailsSince(mark: Set<string>, email: string) {
  return [...outboxMark()]
    .filter((file) => !mark.has(file))
    .map((file) => parseEml(readFileSync(path.join(OUTBOX, file), 'utf8')))
    .filter((mail) => mail.to.includes(email))
}

/** Walks the buy path as a shopper of `prefix`'s locale and returns each page's visible lines. */
async function render(page: Page, prefix: string, email: string): Promise<Rendering> {
  const seen: Rendering = new Map()
  const grab = async (name: string) => seen.set(name, linesOf(await page.locator('body').innerText()))
  for (const [name, url] of [
    ['home', '/'],
    ['category', '/categories/mobile-games'],
    ['offer', '/offer/1'],
  ] as const) {
    await gotoHydrated(page, `${prefix}${url}`)
    await grab(name)
  }
  const mark = outboxMark()

  // Card with 3-D Secure: checkout → card page → challenge page → result → order details.
  await gotoHydrated(page, checkoutPath(prefix))
  await grab('checkout')
  await page.getByTestId('method-card').check()
  await expect(page.getByTestId('place-order')).toBeEnabled()
  await page.getByTestId('place-order').click()
  await expect(page).toHaveURL(/\/cashier-desk\/transactions\?id=sbx_/)
  await grab('card page')
  await page.locator('#number').fill('4000 0000 0000 3220')
  await page.locator('#expiry').fill('12/39')
  await page.locator('#cvc').fill('123')
  await page.locator('button[type=submit]').click()
  await expect(page.locator('#code')).toBeVisible()
  await grab('3-D Secure page')
  await page.locator('#code').fill('123456')
  await page.locator('button[type=submit]').click()
  await expect(page).toHaveURL(/\/payment\/creditCard3DSResult\?orderId=/)
  await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', 'delivered', { timeout: 20_000 })
  await grab('result')
  const orderId = new URL(page.url()).searchParams.get('orderId')!
  await gotoHydrated(page, `${prefix}/order/details?id=${orderId}`)
  await expect(page.getByTestId('delivery-proof')).toBeVisible()
  await grab('order details')

  // Wallet: its hosted page.
  await gotoHydrated(page, checkoutPath(prefix))
  await page.getByTestId('method-wallet').check()
  await expect(page.getByTestId('place-order')).toBeEnabled()
  await page.getByTestId('place-order').click()
  await expect(page).toHaveURL(/\/local-wallet\/transactions\?id=sbx_/)
  await grab('wallet page')
  await page.locator('button[value=approve]').click()
  await expect(page.getByTestId('payment-result')).toHaveAttribute('data-outcome', 'paid', { timeout: 20_000 })

  // The mails of both orders (confirmation and delivery of each), subject and text.
  let mails: ReturnType<typeof parseEml>[] = []
  await expect.poll(() => (mails = mailsSince(mark, email)).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(3)
  seen.set(
    'mails',
    mails.flatMap((mail) => [mail.subject, ...linesOf(mail.text)]),
  )
  return seen
}

for (const locale of LOCALES) {
  test(`/${locale}: no sentence of the buy path or its mails is left in English`, async ({ page, login }) => {
    test.setTimeout(240_000)
    const user = await login()
    const english = await render(page, '', user.email)
    const translated = await render(page, `/${locale}`, user.email)
    expect([...translated.keys()]).toEqual([...english.keys()])
    const leftInEnglish: Record<string, string[]> = {}
    for (const [name, lines] of translated) {
      const englishLines = new Set(english.get(name))
      const same = [...new Set(lines)].filter(
        (line) => englishLines.has(line) && !isLanguageNeutral(line, user) && !SAME_IN[locale].includes(line),
      )
      if (same.length > 0) leftInEnglish[name] = same
    }
    expect(leftInEnglish, JSON.stringify(leftInEnglish, null, 2)).toEqual({})
    // Package names use the locale's digits: "1,980" in English is 1.980 in German, 1 980 in
    // Russian and French, 1980 in Spanish (four-digit numbers go ungrouped there).
    const quantities = [
      ...english
        .get('offer')!
        .join('\n')
        .matchAll(/\b\d{1,3}(?:,\d{3})+\b/g),
    ].map((m) => Number(m[0].replaceAll(',', '')))
    expect(quantities.length).toBeGreaterThan(0)
    const offerText = translated.get('offer')!.join('\n')
    for (const quantity of new Set(quantities)) {
      expect(offerText).toContain(new Intl.NumberFormat(locale).format(quantity).replace(/\s/g, ' '))
    }
  })
}

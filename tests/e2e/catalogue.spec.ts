import type { Page } from '@playwright/test'
import { clickNavEntry, gotoHydrated } from './support'
import { expect, test } from './user-fixture'

const JOURNEYS = [
  { locale: 'en', from: 'USD', to: 'BRL', symbol: 'R$' },
  { locale: 'de', from: 'EUR', to: 'USD', symbol: '$' },
  { locale: 'ru', from: 'RUB', to: 'EUR', symbol: '€' },
] as const

/** POST calls to server functions: the player check is the only one on the offer page. */
function countServerFnPosts(page: Page): () => number {
  let count = 0
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/_serverFn/')) count++
  })
  return () => count
}

/** Rotates the carousel until the banner links to a game offer, then opens it. */
async function openGameBanner(page: Page) {
  const banner = page.getByTestId('banner')
  await expect(banner).toBeVisible()
  for (let i = 0; i < 4 && !/\/offer\/\d+$/.test((await banner.getAttribute('href')) ?? ''); i++) {
    await page.getByRole('button', { name: /next/i }).first().click()
  }
  await expect(banner).toHaveAttribute('href', /\/offer\/\d+$/)
  await banner.click()
}

for (const { locale, from, to, symbol } of JOURNEYS) {
  test(`catalogue journey in ${locale}: banner → category → offer → currency → package → player`, async ({ page }) => {
    const serverFnPosts = countServerFnPosts(page)
    await page.goto(`/${locale}`)
    await page.getByTestId('cookie-notice-close').click()

    await openGameBanner(page)
    await expect(page).toHaveURL(new RegExp(`/${locale}/offer/\\d+$`))
    await expect(page.getByTestId('offer-title')).toBeVisible()

    // Header navigation to a category, then an offer from its grid.
    await clickNavEntry(page, 'mobile-games')
    await expect(page).toHaveURL(new RegExp(`/${locale}/categories/mobile-games$`))
    const cards = page.getByTestId('game-card')
    await expect(cards.first()).toBeVisible()
    await cards.filter({ hasText: 'Starfall Legends' }).click()
    await expect(page).toHaveURL(new RegExp(`/${locale}/offer/\\d+$`))
    await expect(page.getByTestId('offer-title')).toHaveText('Starfall Legends')

    // Prices start in the language's currency; switching refetches them in the other one.
    await expect(page.getByTestId(`currency-${from}`)).toBeChecked()
    const prices = page.getByTestId('sku-price')
    await expect(prices.first()).toBeVisible()
    await page.locator('label', { has: page.getByTestId(`currency-${to}`) }).click()
    await expect(page.getByTestId(`currency-${to}`)).toBeChecked()
    await expect(prices.first()).toContainText(symbol)

    // Pick the second package: the buy box shows it.
    const option = page.getByTestId('sku-option').nth(1)
    await page
      .locator('label')
      .filter({ has: page.getByTestId('sku-option') })
      .nth(1)
      .click()
    await expect(option).toBeChecked()
    await expect(page.getByTestId('buy-box-price')).toHaveText((await prices.nth(1).textContent()) ?? '')
    await expect(page.getByTestId('continue-checkout')).toBeDisabled()

    // Bad player IDs are refused in the browser: no request leaves.
    const playerId = page.getByTestId('player-field-playerId')
    await page.getByTestId('player-field-server').selectOption({ index: 1 })
    const before = serverFnPosts()
    for (const bad of ['abcdefg', '1234567890123']) {
      await playerId.fill(bad)
      await page.getByTestId('check-player').click()
      await expect(page.getByTestId('player-error-playerId')).toBeVisible()
      await expect(playerId).toHaveAttribute('aria-invalid', 'true')
    }
    expect(serverFnPosts()).toBe(before)

    // An ID starting with 9 does not exist.
    await playerId.fill('912345678')
    await page.getByTestId('check-player').click()
    const error = page.getByTestId('player-check-error')
    await expect(error).toHaveAttribute('data-code', 'PLAYER_NOT_FOUND')
    await expect(error).not.toBeEmpty()
    if (locale === 'en') await expect(error).toHaveText('No player with this ID.')
    expect(serverFnPosts()).toBe(before + 1)

    // A good ID shows the player's nickname and unlocks checkout.
    await playerId.fill('123456789')
    await page.getByTestId('check-player').click()
    await expect(page.getByTestId('player-nickname')).toContainText(/Player[A-Z]/)
    const checkout = page.getByTestId('continue-checkout')
    await expect(checkout).toHaveAttribute(
      'href',
      new RegExp(`^/${locale}/order/confirm\\?offerId=\\d+&currency=${to}&skuId=\\d+&playerId=123456789&server=`),
    )
  })
}

test('a sold-out code package is disabled; the offer page describes itself in JSON-LD', async ({ page }) => {
  await page.goto('/en/categories/pc-games')
  await page.getByTestId('game-card').filter({ hasText: 'Void Hunters' }).click()
  await expect(page.getByTestId('stock-state').first()).toBeVisible()
  const soldOut = page.getByTestId('sku-option').and(page.locator(':disabled'))
  await expect(soldOut).toHaveCount(1)
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents()
  const types = blocks.map((b) => (JSON.parse(b) as { '@type': string })['@type'])
  expect(types).toEqual(expect.arrayContaining(['Product', 'BreadcrumbList']))
  const product = JSON.parse(blocks.find((b) => b.includes('"Product"'))!) as {
    offers: { price: string; availability: string }[]
  }
  expect(product.offers.every((o) => /^\d+\.\d{2}$/.test(o.price))).toBe(true)
  expect(product.offers.filter((o) => o.availability.endsWith('OutOfStock'))).toHaveLength(1)
})

test('short links and stored redirects answer with real redirects, keeping the locale', async ({ request }) => {
  const short = await request.get('/de/r/guides/start', { maxRedirects: 0 })
  expect(short.status()).toBe(302)
  expect(short.headers().location).toMatch(/\/de\/how-to-buy$/)
  expect((await request.get('/r/no/such/alias', { maxRedirects: 0 })).status()).toBe(404)
  const moved = await request.get('/fr/old-news', { maxRedirects: 0 })
  expect(moved.status()).toBe(301)
  expect(moved.headers().location).toMatch(/\/fr\/news$/)
})

test('client-side navigation follows stored redirects too', async ({ page }) => {
  await gotoHydrated(page, '/en/news')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  // A router navigation (no page load): the _default guard consults the redirect map.
  await page.evaluate(async () => {
    const w = window as unknown as {
      marker?: boolean
      __TSR_ROUTER__: { navigate(o: { href: string }): Promise<void> }
    }
    w.marker = true
    await w.__TSR_ROUTER__.navigate({ href: '/en/faq' })
  })
  await expect(page).toHaveURL(/\/en\/how-to-buy$/)
  expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true)
})

/**
 * The storefront's pages load only the storefront's message catalogue; the back office (/admin),
 * the affiliate dashboard and the shopper's own pages (orders, coupons, profile…) load their own
 * when opened (ADR 062, 067): on first load before hydrating, on client navigation before
 * rendering, and again for each language switched to. No text is ever missing from the catalogue
 * in use, and nothing mismatches on hydration.
 */
import type { Page } from '@playwright/test'
import { clickNavEntry, gotoHydrated } from './support'
import { expect, signInAs, test } from './user-fixture'

/**
 * Catalogue chunks the page asks for; the warnings a missing message or a failed catalogue load
 * gives (i18n/missing-messages.ts, i18n/i18n.ts), and uncaught errors (a hydration mismatch).
 */
function watch(page: Page) {
  const catalogues: string[] = []
  const problems: string[] = []
  page.on('request', (request) => {
    const name = /\/assets\/(messages-[a-z-]+)-[\w-]+\.js$/.exec(request.url())?.[1]
    if (name) catalogues.push(name)
  })
  page.on('console', (message) => {
    if (/Missing message|Failed locale loading/.test(message.text())) problems.push(message.text())
  })
  page.on('pageerror', (error) => problems.push(error.message))
  return { catalogues, problems }
}

test('a promoter opens the dashboard from the programme page and switches language: every text translated', async ({
  page,
  newUser,
}) => {
  const promoter = await newUser({ promoter: true })
  await signInAs(page, promoter)
  const { catalogues, problems } = watch(page)

  await gotoHydrated(page, '/fr')
  expect(catalogues).toEqual(['messages-fr'])

  // Client navigation to the programme's page (the footer's link): its catalogue, which the
  // dashboard shares, comes before the page renders.
  await page.getByRole('contentinfo').getByRole('link', { name: 'Programme d’affiliation' }).click()
  await expect(page).toHaveURL(/\/fr\/affiliate$/)
  await page.getByRole('link', { name: 'Ouvrir le tableau de bord' }).click()
  await expect(page).toHaveURL(/\/fr\/affiliate\/dashboard/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tableau de bord affilié')
  await expect(page.getByText('Disponible', { exact: true })).toBeVisible()
  expect(catalogues).toEqual(['messages-fr', 'messages-affiliate-fr'])

  // A language switch on the dashboard loads both catalogues of the new language.
  await page.getByTestId('language-switcher').selectOption('ru')
  await expect(page).toHaveURL(/\/ru\/affiliate\/dashboard/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Панель партнёра')
  await expect(page.getByText('Доступно', { exact: true })).toBeVisible()
  expect(catalogues.slice(2).sort()).toEqual(['messages-affiliate-ru', 'messages-ru'])

  // First load of the dashboard: hydrated with its catalogue, no mismatch.
  await gotoHydrated(page, '/de/affiliate/dashboard')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Partner-Dashboard')
  expect(catalogues.slice(4).sort()).toEqual(['messages-affiliate-de', 'messages-de'])
  expect(problems).toEqual([])
})

test('staff get the back office in their language on first load; the shop never loads its catalogue', async ({
  page,
  newUser,
}) => {
  const admin = await newUser({ role: 'admin' })
  await signInAs(page, admin)
  const { catalogues, problems } = watch(page)

  await gotoHydrated(page, '/ru')
  await gotoHydrated(page, '/ru/offer/1')
  expect(catalogues).toEqual(['messages-ru', 'messages-ru'])

  await gotoHydrated(page, '/ru/admin')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Сводка')
  // The order screens show the shop's order parts: the account catalogue comes with the back office's.
  expect(catalogues.slice(2).sort()).toEqual(['messages-account-ru', 'messages-admin-ru', 'messages-ru'])
  // Client navigation inside the back office: its catalogue is already there.
  await page.getByTestId('admin-nav-orders').first().click()
  await expect(page).toHaveURL(/\/ru\/admin\/orders/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Заказы')
  expect(catalogues).toHaveLength(5)
  expect(problems).toEqual([])
})

test('a shopper’s own pages bring the account catalogue; the catalogue and content pages do without it', async ({
  page,
  newUser,
}) => {
  const shopper = await newUser()
  await signInAs(page, shopper)
  const { catalogues, problems } = watch(page)

  await gotoHydrated(page, '/de')
  await gotoHydrated(page, '/de/offer/1')
  await gotoHydrated(page, '/de/news')
  expect(catalogues).toEqual(['messages-de', 'messages-de', 'messages-de'])

  // Client navigation to the coupons page: its catalogue comes before the page renders.
  await clickNavEntry(page, 'coupon')
  await expect(page).toHaveURL(/\/de\/coupon/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Gutscheine')
  await expect(page.getByText('Hast du einen Gutscheincode?')).toBeVisible()
  expect(catalogues).toEqual(['messages-de', 'messages-de', 'messages-de', 'messages-account-de'])

  // First load of an order page: hydrated with both catalogues, no mismatch.
  await gotoHydrated(page, '/ru/order/list')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Мои заказы')
  expect(catalogues.slice(4).sort()).toEqual(['messages-account-ru', 'messages-ru'])
  expect(problems).toEqual([])
})

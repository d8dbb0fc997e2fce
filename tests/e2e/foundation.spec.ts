import { expect, test } from '@playwright/test'
import { gotoHydrated, reloadHydrated } from './support'

const LOCALES = ['en', 'fr', 'pt', 'es', 'de', 'ru'] as const
const NEXT: Record<(typeof LOCALES)[number], (typeof LOCALES)[number]> = {
  en: 'de',
  fr: 'es',
  pt: 'ru',
  es: 'fr',
  de: 'pt',
  ru: 'en',
}

for (const locale of LOCALES) {
  test(`home journey in ${locale}: cookie notice, dark mode, language switch, back to top`, async ({ page }) => {
    // Record the colour mode at the moment <body> appears, before any app script has run.
    await page.addInitScript(() => {
      const observer = new MutationObserver(() => {
        if (document.body) {
          document.documentElement.dataset.darkAtBody = String(document.documentElement.classList.contains('dark'))
          observer.disconnect()
        }
      })
      observer.observe(document, { childList: true, subtree: true })
    })

    const initialCatalogs: string[] = []
    const onCatalog = (r: { url(): string }) => {
      if (/messages-[a-z]{2}-[^/]*\.js/.test(r.url())) initialCatalogs.push(r.url())
    }
    page.on('request', onCatalog)
    await gotoHydrated(page, `/${locale}`)
    await expect(page.locator('html')).toHaveAttribute('lang', locale)
    // The page loads its own catalog and no other.
    expect(initialCatalogs.length).toBe(1)
    expect(initialCatalogs[0]).toContain(`messages-${locale}-`)
    page.off('request', onCatalog)
    await expect(page.getByTestId('banner')).toBeVisible()

    // Cookie notice: dismiss it, and it stays dismissed after a reload.
    const notice = page.getByTestId('cookie-notice')
    await expect(notice).toBeVisible()
    await page.getByTestId('cookie-notice-close').click()
    await expect(notice).toHaveCount(0)
    const cookies = await page.context().cookies()
    expect(cookies.find((c) => c.name === 'cookie_notice')?.value).toBe('true')
    await reloadHydrated(page)
    await expect(page.getByTestId('banner')).toBeVisible()
    await expect(page.getByTestId('cookie-notice')).toHaveCount(0)

    // Dark mode: survives a reload and is applied before first paint (no flash of light).
    await page.getByTestId('color-mode-dark').click()
    await expect(page.locator('html')).toHaveClass(/dark/)
    await reloadHydrated(page)
    await expect(page.locator('html')).toHaveClass(/dark/)
    expect(await page.evaluate(() => document.documentElement.dataset.darkAtBody)).toBe('true')
    await page.getByTestId('color-mode-light').click()
    await expect(page.locator('html')).not.toHaveClass(/dark/)

    // Back to top: scroll down, press the button, end at the top.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
    const backToTop = page.getByTestId('back-to-top')
    await expect(backToTop).toBeVisible()
    await expect(backToTop).toHaveCSS('bottom', '130px')
    await backToTop.click()
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)

    // Switch language: only the new catalog is fetched and the path is kept.
    await gotoHydrated(page, `/${locale}/how-to-buy`)
    const catalogRequests: string[] = []
    page.on('request', (r) => {
      if (/messages-[a-z]{2}-[^/]*\.js/.test(r.url())) catalogRequests.push(r.url())
    })
    const next = NEXT[locale]
    await page.getByTestId('language-switcher').selectOption(next)
    await expect(page).toHaveURL(new RegExp(`/${next}/how-to-buy$`))
    await expect(page.locator('html')).toHaveAttribute('lang', next)
    expect(catalogRequests.length).toBe(1)
    expect(catalogRequests[0]).toContain(`messages-${next}-`)
  })
}

test('mobile layout puts back-to-top 10px from the right', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 })
  await gotoHydrated(page, '/en')
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
  await expect(page.getByTestId('back-to-top')).toHaveCSS('right', '10px')
})

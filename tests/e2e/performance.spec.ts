// Issue 11 acceptance 3: pages boot from a handful of script files, and the image that is a page's
// largest paint is fetched at once (never loading="lazy"). Sizes and scores live in `npm run bench`.
import { expect, test, type Page } from '@playwright/test'

/** Script files the page fetches from navigation until React has hydrated. */
async function bootScripts(page: Page, url: string): Promise<string[]> {
  const scripts: string[] = []
  let hydrated = false
  page.on('request', (request) => {
    if (!hydrated && request.resourceType() === 'script') scripts.push(request.url())
  })
  await page.goto(url)
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
  hydrated = true
  return scripts
}

/** The element of the page's latest largest-contentful-paint entry, described for assertions. */
function largestPaint(page: Page) {
  return page.evaluate(
    () =>
      new Promise<{ tag: string; loading: string | null; fetchPriority: string | null; src: string | null }>(
        (resolve) => {
          new PerformanceObserver((list) => {
            const entries = list.getEntries() as (PerformanceEntry & { element: Element | null })[]
            const element = entries.at(-1)?.element
            resolve({
              tag: element?.tagName ?? '',
              loading: element?.getAttribute('loading') ?? null,
              fetchPriority: element?.getAttribute('fetchpriority') ?? null,
              src: element?.getAttribute('src') ?? null,
            })
          }).observe({ type: 'largest-contentful-paint', buffered: true })
        },
      ),
  )
}

test('the home page boots from at most 15 script files', async ({ page }) => {
  const scripts = await bootScripts(page, '/')
  expect(scripts.length, scripts.join('\n')).toBeLessThanOrEqual(15)
  // The deferred widgets (update notice, analytics, error reporting, chat) come after idle.
  await page.locator('html[data-widgets="ready"]').waitFor({ state: 'attached' })
})

// A phone-sized viewport, as Lighthouse's mobile run uses: there the image is the largest paint.
test.describe('largest paint', () => {
  test.use({ viewport: { width: 412, height: 823 }, isMobile: true })

  for (const [url, hero] of [
    ['/', /\/images\/banners\//],
    ['/offer/1', /\/images\/games\//],
    ['/news', /\/images\//],
  ] as const) {
    test(`${url}: the largest paint is an image fetched eagerly with high priority`, async ({ page }) => {
      await page.goto(url)
      await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
      const lcp = await largestPaint(page)
      expect(lcp.tag).toBe('IMG')
      expect(lcp.src).toMatch(hero)
      expect(lcp.loading).not.toBe('lazy')
      expect(lcp.fetchPriority).toBe('high')
    })
  }
})

// The browser's first Intl.DateTimeFormat costs ~50 ms of main thread on this machine (about 190 ms
// at Lighthouse's 4× CPU): the content pages show publication days the server wrote (ADR 078).
for (const url of ['/', '/de/news', '/articles/store-open-in-six-languages']) {
  test(`${url} hydrates without building a date formatter in the browser`, async ({ page }) => {
    await page.addInitScript(() => {
      const Native = Intl.DateTimeFormat
      const w = window as unknown as { dateFormatsBuilt: number }
      w.dateFormatsBuilt = 0
      Intl.DateTimeFormat = function (...args: ConstructorParameters<typeof Native>) {
        w.dateFormatsBuilt++
        return new Native(...args)
      } as unknown as typeof Intl.DateTimeFormat
    })
    await page.goto(url)
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
    await expect(page.locator('time').first()).toBeVisible()
    expect(await page.evaluate(() => (window as unknown as { dateFormatsBuilt: number }).dateFormatsBuilt)).toBe(0)
  })
}

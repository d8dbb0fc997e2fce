// First-load JavaScript per page, measured in a real browser (Debian's chromium): every script the
// page fetches from navigation until React has hydrated (html[data-hydrated]), counted in files and
// gzip bytes. Widgets deferred to idle time (chat, analytics, update notice) load after that and
// are reported separately as "after idle".
import { chromium } from '@playwright/test'
import { gzipSync } from 'node:zlib'

export const BUNDLE_TARGETS = { gzipKB: 150, files: 15, aimGzipKB: 135 }
export const BUNDLE_PAGES = ['/', '/offer/1', '/news', '/de/news']

const IDLE_MS = Number(process.env.BENCH_IDLE_MS ?? 3000)

/**
 * Marks the moment React has hydrated (html[data-hydrated]) inside the page, on the page's own
 * clock: a script counts as first-load when the browser asked for it before that moment. (Telling
 * them apart by when Playwright notices the attribute raced with the after-idle widgets on a busy
 * machine.)
 */
const MARK_HYDRATED = () => {
  // Init scripts run before <html> exists: watch the document and its subtree.
  new MutationObserver((_, observer) => {
    if (document.documentElement?.dataset.hydrated !== 'true') return
    window.__hydratedAt = performance.now()
    observer.disconnect()
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-hydrated'] })
}

async function measure(browser, base, path) {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.addInitScript(MARK_HYDRATED)
  const sizes = new Map()
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return
    const url = response.url()
    sizes.set(url, 0)
    try {
      sizes.set(url, gzipSync(await response.body(), { level: 9 }).length)
    } catch {
      // a redirect or an aborted request has no body
    }
  })
  await page.goto(base + path)
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached', timeout: 30_000 })
  // Let the responses already in flight record their sizes, then give idle-time widgets a chance.
  await page.waitForLoadState('networkidle')
  await new Promise((resolve) => setTimeout(resolve, IDLE_MS))
  await page.waitForLoadState('networkidle')
  const requested = await page.evaluate(() => ({
    hydratedAt: window.__hydratedAt,
    scripts: performance
      .getEntriesByType('resource')
      .filter((entry) => entry.initiatorType === 'script' || entry.name.endsWith('.js'))
      .map((entry) => ({ url: entry.name, startTime: entry.startTime })),
  }))
  await context.close()
  const boot = new Map()
  const later = new Map()
  const startOf = new Map(requested.scripts.map((s) => [s.url, s.startTime]))
  for (const [url, gzip] of sizes) {
    const start = startOf.get(url)
    const early = start === undefined || requested.hydratedAt === undefined || start <= requested.hydratedAt
    ;(early ? boot : later).set(url, gzip)
  }
  const kb = (map) => +([...map.values()].reduce((a, b) => a + b, 0) / 1024).toFixed(1)
  return {
    path,
    files: boot.size,
    gzipKB: kb(boot),
    afterIdleFiles: later.size,
    afterIdleGzipKB: kb(later),
    scripts: [...boot].map(([url, gzip]) => ({ url: new URL(url).pathname, gzip })),
  }
}

/** Measures each page once; returns rows with a pass/fail against the targets. */
export async function firstLoadJs(base, pages = BUNDLE_PAGES) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  })
  const rows = []
  try {
    for (const path of pages) rows.push(await measure(browser, base, path))
  } finally {
    await browser.close()
  }
  console.log(
    `\nFirst-load JavaScript until hydrated (gzip; target ≤ ${BUNDLE_TARGETS.gzipKB} KB and ≤ ${BUNDLE_TARGETS.files} files, aim ≤ ${BUNDLE_TARGETS.aimGzipKB} KB):`,
  )
  for (const r of rows) {
    r.meetsTarget = r.gzipKB <= BUNDLE_TARGETS.gzipKB && r.files <= BUNDLE_TARGETS.files
    console.log(
      `  ${r.path.padEnd(16)} ${String(r.gzipKB).padStart(6)} KB in ${String(r.files).padStart(2)} files` +
        `  ${r.meetsTarget ? 'ok' : 'OVER TARGET'}` +
        `   (after idle: +${r.afterIdleGzipKB} KB in ${r.afterIdleFiles} files)`,
    )
  }
  return rows
}

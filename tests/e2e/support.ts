import type { Page } from '@playwright/test'

/** Navigates and waits until React has hydrated (the root sets html[data-hydrated]). */
export async function gotoHydrated(page: Page, url: string): Promise<void> {
  await page.goto(url)
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
}

export async function reloadHydrated(page: Page): Promise<void> {
  await page.reload()
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
}

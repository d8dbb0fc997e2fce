import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, type BrowserContext, type Page } from '@playwright/test'
import { parseEml } from '../../src/server/mail/outbox'

/** The e2e server's DATA_DIR (scripts/e2e-server.mjs): mail lands in its outbox as .eml files. */
export const OUTBOX = path.resolve(process.env.DATA_DIR ?? '.data-test/e2e', 'outbox')

/** Navigates and waits until React has hydrated (the root sets html[data-hydrated]). */
export async function gotoHydrated(page: Page, url: string): Promise<void> {
  await page.goto(url)
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
}

export async function reloadHydrated(page: Page): Promise<void> {
  await page.reload()
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
}

/** The outbox's messages so far: pass to codeFor() to wait for a message sent after this point. */
export function outboxMark(): Set<string> {
  try {
    return new Set(readdirSync(OUTBOX))
  } catch {
    return new Set()
  }
}

/**
 * The 6-digit code of the newest message to `email` in the outbox (read with the app's own parser).
 * With `after` (an outboxMark()), only messages sent since then count: a second code for the same
 * address (a password reset after the sign-up) is waited for, not confused with the first.
 */
export async function codeFor(email: string, after: Set<string> = new Set()): Promise<string> {
  let code: string | undefined
  await expect
    .poll(() => {
      const files = [...outboxMark()]
        .filter((file) => !after.has(file))
        .sort()
        .reverse()
      for (const file of files) {
        const mail = parseEml(readFileSync(path.join(OUTBOX, file), 'utf8'))
        if (mail.to.toLowerCase() !== email.toLowerCase()) continue
        code = /\b(\d{6})\b/.exec(mail.text)?.[1]
        return code
      }
      return undefined
    })
    .toBeTruthy()
  return code!
}

/** Every message to `email` in the outbox so far, newest first (subject and text, as parsed). */
export function mailsTo(email: string) {
  return [...outboxMark()]
    .sort()
    .reverse()
    .map((file) => parseEml(readFileSync(path.join(OUTBOX, file), 'utf8')))
    .filter((mail) => mail.to.toLowerCase() === email.toLowerCase())
}

/**
 * A referral click is recorded once the landing page's script confirms it: wait for the
 * attribution cookie that confirmation sets.
 */
export async function referralCookie(context: BrowserContext) {
  await expect.poll(async () => (await context.cookies()).some((c) => c.name === 'aff_ref')).toBe(true)
  return (await context.cookies()).find((c) => c.name === 'aff_ref')!
}

/**
 * Clicks the header's navigation entry `code` wherever it is shown right now: in the row, or in
 * "More" (opened first). The row re-measures as fonts arrive, so an entry may move between the
 * two just after a check: the whole look-and-click is retried.
 */
export async function clickNavEntry(page: Page, code: string): Promise<void> {
  const link = page.locator(`header a[data-code="${code}"]:visible`)
  await expect(async () => {
    if (!(await link.count())) {
      await page.getByTestId('nav-more').evaluate((menu: HTMLDetailsElement) => {
        menu.open = true
      })
    }
    await link.click({ timeout: 2_000 })
  }).toPass({ timeout: 20_000 })
}

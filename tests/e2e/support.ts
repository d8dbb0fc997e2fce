import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, type BrowserContext, type Page } from '@playwright/test'

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

/** The 6-digit code of the newest message to `email` in the outbox, decoded from quoted-printable. */
export async function codeFor(email: string): Promise<string> {
  let code: string | undefined
  await expect
    .poll(() => {
      let files: string[] = []
      try {
        files = readdirSync(OUTBOX).sort().reverse()
      } catch {
        return undefined
      }
      for (const file of files) {
        const [head, ...body] = readFileSync(path.join(OUTBOX, file), 'utf8').split('\n\n')
        if (!new RegExp(`^To: ${email.replace(/[.+]/g, '\\$&')}$`, 'mi').test(head)) continue
        code = /\b(\d{6})\b/.exec(body.join('\n').replace(/=\n/g, ''))?.[1]
        return code
      }
      return undefined
    })
    .toBeTruthy()
  return code!
}

/**
 * A referral click is recorded once the landing page's script confirms it: wait for the
 * attribution cookie that confirmation sets.
 */
export async function referralCookie(context: BrowserContext) {
  await expect.poll(async () => (await context.cookies()).some((c) => c.name === 'aff_ref')).toBe(true)
  return (await context.cookies()).find((c) => c.name === 'aff_ref')!
}

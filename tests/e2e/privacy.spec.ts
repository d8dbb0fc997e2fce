import { readFileSync } from 'node:fs'
import { AxeBuilder } from '@axe-core/playwright'
import { payByWallet } from './shop-pages'
import { codeFor, gotoHydrated, mailsTo, outboxMark } from './support'
import { expect, signInAs, test } from './user-fixture'

/**
 * Privacy self-service (ADR 125, 126), as a shopper does it: in French, a copy of their data
 * mailed as a link that downloads once and then says so; in German, the account deleted with a
 * mailed code — the shopper cannot sign in again, and staff see the old order without their
 * e-mail or player ID. By keyboard where a person would use it, at 360 px, axe-clean.
 */

async function seriousAxe(page: import('@playwright/test').Page) {
  const { violations } = await new AxeBuilder({ page }).setLegacyMode(true).analyze()
  return violations.filter((v) => v.impact === 'critical' || v.impact === 'serious').map((v) => v.id)
}

test('in French: the data file is mailed, downloads once, then the link says it was used', async ({ page, login }) => {
  const shopper = await login()
  await page.setViewportSize({ width: 360, height: 780 })
  await gotoHydrated(page, '/fr/user/profile')
  const section = page.getByTestId('privacy-section')
  await expect(section.getByRole('heading', { name: 'Confidentialité' })).toBeVisible()
  expect(await seriousAxe(page)).toEqual([])

  // By keyboard: focus the button and press Enter.
  const ask = page.getByTestId('privacy-export-request')
  await expect(ask).toHaveText("M'envoyer mes données par e-mail")
  await ask.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('privacy-export-status')).toBeVisible()

  let link = ''
  await expect
    .poll(() => {
      const mail = mailsTo(shopper.email).find((m) => m.subject === 'Vos données TopUp Hub sont prêtes')
      link = /https?:\/\/\S+\/fr\/privacy\/export\/[A-Za-z0-9_-]{43}/.exec(mail?.text ?? '')?.[0] ?? ''
      return link
    })
    .not.toBe('')
  const path = new URL(link).pathname
  await gotoHydrated(page, path)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vos données')
  expect(await seriousAxe(page)).toEqual([])
  const downloading = page.waitForEvent('download')
  await page.getByTestId('export-download').click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/)
  const file = JSON.parse(readFileSync((await download.path())!, 'utf8')) as {
    format: string
    account: { email: string }
  }
  expect(file.format).toBe('topup-hub.personal-data/1')
  expect(file.account.email).toBe(shopper.email)
  await expect(page.getByTestId('export-started')).toBeVisible()

  // The link works once: opened again, it says so, in French.
  await gotoHydrated(page, path)
  await expect(page.getByTestId('export-link')).toHaveAttribute('data-state', 'used')
  await expect(page.getByRole('alert')).toHaveText(
    "Ce lien a déjà été utilisé : chaque lien ne fonctionne qu'une fois.",
  )
})

test('in German: the account is deleted with a mailed code; no sign-in afterwards, staff see no personal data', async ({
  page,
  browser,
  newUser,
}) => {
  const shopper = await newUser()
  await signInAs(page, shopper)
  const orderId = await payByWallet(page, '/de')

  await page.setViewportSize({ width: 360, height: 780 })
  await gotoHydrated(page, '/de/user/profile')
  const remove = page.getByTestId('privacy-delete')
  await expect(remove.getByRole('heading', { name: 'Mein Konto löschen' })).toBeVisible()
  // The order is delivered within moments; until then the section says deletion waits for it.
  await expect(async () => {
    await page.reload()
    await expect(page.getByTestId('privacy-delete-start')).toBeVisible({ timeout: 2_000 })
  }).toPass({ timeout: 30_000 })

  const mark = outboxMark()
  await page.getByTestId('privacy-delete-start').click()
  const code = await codeFor(shopper.email, mark)
  expect(mailsTo(shopper.email)[0]!.subject).toBe('Dein Code zum Löschen deines TopUp Hub Kontos')
  await expect(page.getByTestId('privacy-delete-confirm')).toBeVisible()
  expect(await seriousAxe(page)).toEqual([])

  // A wrong code first: refused in German, nothing deleted.
  await page.getByTestId('privacy-delete-code').fill(code === '000000' ? '111111' : '000000')
  await page.getByTestId('privacy-delete-submit').click()
  await expect(page.getByTestId('privacy-delete-error')).toHaveText(
    'Der Code ist falsch oder abgelaufen. Fordere einen neuen an.',
  )
  await page.getByTestId('privacy-delete-code').fill(code)
  await page.getByTestId('privacy-delete-code').press('Enter')
  await expect(page.getByTestId('privacy-deleted')).toContainText('Dein Konto wurde gelöscht')

  // Signed out everywhere: this browser's session is gone, and the password no longer signs in.
  await page.getByTestId('privacy-deleted-home').click()
  await expect(page.getByTestId('user-menu')).toHaveCount(0)
  const fresh = await browser.newContext()
  const signInPage = await fresh.request.get('/login')
  const { pathname } = new URL(signInPage.url())
  const attempt = await fresh.request.post(pathname, { form: { email: shopper.email, password: shopper.password } })
  expect(new URL(attempt.url()).pathname).toMatch(/\/login\/[^/]+$/)
  expect((await fresh.request.get('/api/users/me')).status()).toBe(401)
  await fresh.close()

  // Staff: the old order is there, without the shopper's e-mail or player ID.
  const admin = await browser.newContext()
  const adminPage = await admin.newPage()
  await signInAs(adminPage, await newUser({ role: 'admin' }))
  await gotoHydrated(adminPage, `/de/admin/orders/${orderId}`)
  await expect(adminPage.getByTestId('admin-order')).toBeVisible()
  await expect(adminPage.getByTestId('admin-order-email')).toHaveText(/^deleted-[0-9a-f-]+@deleted\.invalid$/)
  await expect(adminPage.getByTestId('admin-order')).not.toContainText(shopper.email)
  await expect(adminPage.getByTestId('admin-order')).not.toContainText('123456789')

  // The request is listed for admins, the account shown as deleted.
  await gotoHydrated(adminPage, '/de/admin/privacy')
  await expect(adminPage.getByRole('heading', { level: 1 })).toHaveText('Datenschutz-Anfragen')
  await expect(
    adminPage.getByTestId('privacy-recent').locator('[data-kind="deletion"][data-status="done"]').first(),
  ).toContainText('(gelöscht)')
  expect(await seriousAxe(adminPage)).toEqual([])
  await admin.close()
})

/**
 * Accounts over the API against the built server: sign-up with a mailed code (read from the
 * offline outbox), password reset, enumeration-safe answers and the 429 rate limits.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseEml } from '../../src/server/mail/outbox'
import { Browser, SHOPPER, signInViaStorefront, startServer, type RunningServer } from './auth-helpers'

let server: RunningServer

beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server?.stop())

function mailsTo(email: string) {
  const dir = path.join(server.dataDir, 'outbox')
  let files: string[] = []
  try {
    files = readdirSync(dir).sort()
  } catch {
    return []
  }
  return files.map((f) => parseEml(readFileSync(path.join(dir, f), 'utf8'))).filter((m) => m.to === email)
}

const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1]

async function post(url: string, body: unknown) {
  const headers = { 'content-type': 'application/json' }
  return fetch(server.base + url, { method: 'POST', headers, body: JSON.stringify(body) })
}

describe('accounts API', () => {
  it('signs up with the mailed code, in the asked language, then signs in', async () => {
    const email = 'new.player@example.com'
    const sent = await post('/api/captcha/email', { email, locale: 'fr' })
    expect(sent.status).toBe(202)
    const [mail] = mailsTo(email)
    expect(mail.subject).toBe('Votre code de vérification TopUp Hub')
    const code = codeIn(mail.text)!
    const wrong = await post('/api/v2/customers/email', {
      email,
      code: code === '000000' ? '111111' : '000000',
      password: 'Passw0rd!',
    })
    expect(wrong.status).toBe(400)
    expect(await wrong.json()).toMatchObject({ error: { code: 'INVALID_INPUT', issues: [{ path: 'code' }] } })
    const weak = await post('/api/v2/customers/email', { email, code, password: 'short' })
    expect(weak.status).toBe(400)
    const created = await post('/api/v2/customers/email', { email, code, password: 'Passw0rd!' })
    expect(created.status).toBe(201)
    const again = await post('/api/v2/customers/email', { email, code, password: 'Passw0rd!' })
    expect(again.status).toBe(400) // the code was consumed
    const browser = new Browser(server.base)
    await signInViaStorefront(browser, { email, password: 'Passw0rd!' })
    expect(await (await browser.request('/api/users/me')).json()).toMatchObject({ email, authenticated: true })
  })

  it('answers the same for known and unknown e-mails, and mails only where it makes sense', async () => {
    const known = await post('/api/captcha/email', { email: SHOPPER.email, purpose: 'signup' })
    const unknown = await post('/api/captcha/email', { email: 'nobody@example.com', purpose: 'reset' })
    expect([known.status, unknown.status]).toEqual([202, 202])
    expect(await known.json()).toEqual(await unknown.json())
    expect(mailsTo(SHOPPER.email)).toHaveLength(0)
    expect(mailsTo('nobody@example.com')).toHaveLength(0)
  })

  it('resets a password with the mailed code', async () => {
    const email = 'promoter@example.com'
    expect((await post('/api/captcha/email', { email, purpose: 'reset', locale: 'ru' })).status).toBe(202)
    const [mail] = mailsTo(email)
    expect(mail.subject).toBe('Сброс пароля TopUp Hub')
    const reset = await post('/api/accounts/email/reset-pass', {
      email,
      code: codeIn(mail.text),
      password: 'N3wPassword',
    })
    expect(reset.status).toBe(200)
    const browser = new Browser(server.base)
    await signInViaStorefront(browser, { email, password: 'N3wPassword' })
    expect((await browser.request('/api/users/me')).status).toBe(200)
  })

  it('rate-limits code mails per e-mail with 429 and Retry-After', async () => {
    const email = 'limited@example.com'
    const statuses: number[] = []
    for (let i = 0; i < 4; i++) statuses.push((await post('/api/captcha/email', { email })).status)
    expect(statuses).toEqual([202, 202, 202, 429])
    const limited = await post('/api/captcha/email', { email })
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await limited.json()).toMatchObject({ error: { code: 'RATE_LIMITED' } })
  })

  it('rate-limits code mails per IP and sign-in attempts per e-mail', async () => {
    let last = 0
    for (let i = 0; i < 25 && last !== 429; i++) {
      last = (await post('/api/captcha/email', { email: `ip-${i}@example.com` })).status
    }
    expect(last).toBe(429)

    const browser = new Browser(server.base)
    const { url: page } = await browser.follow('/login', (u) => u.pathname.startsWith('/login/'))
    const answers: number[] = []
    for (let i = 0; i < 11; i++) {
      answers.push((await browser.postForm(page.pathname, { email: SHOPPER.email, password: 'wrong' })).status)
    }
    expect(answers.slice(0, 10).every((s) => s === 401)).toBe(true)
    const blocked = await browser.postForm(page.pathname, { email: SHOPPER.email, password: SHOPPER.password })
    expect(blocked.status).toBe(429)
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0)
  })
})

/**
 * Issue 10, acceptance 3: the sign-in, session and account server functions called in-process
 * (server-fns.ts, ADR 065): a visitor refused where a session is needed, invalid input 400 with its
 * issue code, and the answers — the authorization URL, the viewer, the account forms' results.
 * Sign-in trusts only its own issuer: these calls come from http://localhost:3320 (no server runs
 * there; the authorization server's URLs are only built, never fetched).
 */
import { ordersConfigForFile } from './test-config'
import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, vi } from 'vitest'
import * as accountFns from '../../src/modules/accounts/accounts.functions'
import { issueEmailCode } from '../../src/modules/accounts/email-codes.server'
import { verifyPassword } from '../../src/modules/accounts/password.server'
import * as authFns from '../../src/modules/auth/auth.functions'
import { closeDb, getDb, type Db } from '../../src/server/db/client'
import * as t from '../../src/server/db/schema'
import { seedDemoData } from '../../src/app/seed/seed'
import { callServerFn, doorTable, makeCallers, resultOf, type DoorRow } from './server-fns'

// The orders tests' settings (their own data directory for the app's database and mail outbox).
ordersConfigForFile()

vi.mock('@tanstack/react-start', async (original) => (await import('./server-fns')).providerStart(await original()))

let db: Db
beforeAll(async () => {
  db = await getDb()
  await seedDemoData(db)
}, 120_000)
afterAll(async () => {
  await closeDb()
})

const caller = makeCallers(() => db)
const ORIGIN = 'http://localhost:3320'
const PASSWORD = 'new-secret-42'
const email = () => `acct-${randomBytes(5).toString('hex')}@example.com`

async function emailOf(userId: string): Promise<string> {
  const [user] = await db.select({ email: t.users.email }).from(t.users).where(eq(t.users.id, userId))
  return user!.email
}

const profile = {
  username: 'Renamed Shopper',
  avatar: '',
  billingAddress: {
    firstName: 'Ada',
    lastName: 'Lovelace',
    phone: '+44 20 0000 0000',
    email: '',
    postalCode: 'N1',
    address1: '1 Main Street',
    address2: '',
    country: 'GB',
    province: '',
    city: 'London',
  },
  facebookId: '',
  skypeId: '',
  telegramId: '@ada',
  twitterId: '',
  discordId: '',
  whatsAppId: '',
  steamId: '',
}

const rows: Record<string, DoorRow> = {
  // auth.functions.ts
  startSignInFn: {
    gate: 'anyone',
    origin: ORIGIN,
    input: () => ({ returnTo: '/de/profile', locale: 'de', screen: 'sign-up' }),
    invalid: { data: { prompt: 'login' }, issue: 'invalid_value' },
    ok: (a) => {
      const url = new URL(resultOf<{ url: string }>(a).url)
      expect([url.hostname, url.pathname]).toEqual(['localhost', '/oauth2/authorize'])
      expect(url.searchParams.get('code_challenge_method')).toBe('S256')
    },
  },
  completeSignInFn: {
    gate: 'anyone',
    origin: ORIGIN,
    // A callback whose state was never issued: refused as a message for the page, not a throw.
    input: () => ({ code: 'x', state: randomBytes(16).toString('hex') }),
    invalid: { data: { code: 'x'.repeat(4097) }, issue: 'too_big' },
    ok: (a) => expect(resultOf(a)).toMatchObject({ ok: false, message: expect.any(String) }),
  },
  getViewerFn: {
    gate: 'anyone',
    ok: async (a, who) => {
      expect(resultOf(a)).toMatchObject({ id: who.id, authenticated: true })
      expect(resultOf(await callServerFn(authFns.getViewerFn))).toBeNull()
    },
  },
  sessionStatusFn: {
    gate: 'anyone',
    ok: async (a) => {
      expect(resultOf(a)).toEqual({ active: true })
      expect(resultOf(await callServerFn(authFns.sessionStatusFn))).toEqual({ active: false })
    },
  },
  signOutFn: {
    gate: 'anyone',
    origin: ORIGIN,
    input: () => ({ locale: 'fr' }),
    invalid: { data: { locale: 'xx' }, issue: 'invalid_value' },
    ok: async (a, who) => {
      expect(resultOf<{ url: string }>(a).url).toContain('/fr')
      expect(await db.select().from(t.sessions).where(eq(t.sessions.userId, who.id))).toEqual([])
      expect(a.setCookies.join('\n')).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i)
    },
  },
  updateProfileFn: {
    gate: 'user',
    input: () => profile,
    invalid: { data: { ...profile, username: 'x' }, issue: 'too_small' },
    ok: (a) => expect(resultOf(a)).toMatchObject({ username: 'Renamed Shopper', telegramId: '@ada' }),
  },

  // accounts.functions.ts: the forms answer { ok } or a code and the field at fault.
  sendEmailCodeFn: {
    gate: 'anyone',
    input: () => ({ email: email(), purpose: 'signup', locale: 'pt' }),
    invalid: { data: 'not a form', issue: 'invalid_type' },
    ok: async (a) => {
      expect(resultOf(a)).toEqual({ ok: true })
      const refused = await callServerFn(accountFns.sendEmailCodeFn, { email: 'nope' })
      expect(resultOf(refused)).toEqual({ ok: false, error: { code: 'INVALID_INPUT', field: 'email' } })
    },
  },
  createAccountFn: {
    gate: 'anyone',
    input: async () => {
      const address = email()
      return { email: address, code: await issueEmailCode(db, address, 'signup'), password: PASSWORD, locale: 'es' }
    },
    invalid: { data: ['email'], issue: 'invalid_type' },
    ok: async (a) => {
      expect(resultOf(a)).toEqual({ ok: true })
      const wrongCode = await callServerFn(accountFns.createAccountFn, {
        email: email(),
        code: '000000',
        password: PASSWORD,
      })
      expect(resultOf(wrongCode)).toEqual({ ok: false, error: { code: 'INVALID_INPUT', field: 'code' } })
    },
  },
  resetPasswordFn: {
    gate: 'anyone',
    input: async (who) => {
      const address = await emailOf(who.id)
      return { email: address, code: await issueEmailCode(db, address, 'reset'), password: PASSWORD }
    },
    invalid: { data: null, issue: 'invalid_type' },
    ok: async (a, who) => {
      expect(resultOf(a)).toEqual({ ok: true })
      const [user] = await db.select({ hash: t.users.passwordHash }).from(t.users).where(eq(t.users.id, who.id))
      expect(await verifyPassword(PASSWORD, user!.hash!)).toBe(true)
    },
  },
}

doorTable({ 'auth/auth.functions.ts': authFns, 'accounts/accounts.functions.ts': accountFns }, rows, { caller })

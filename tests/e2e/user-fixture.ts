/**
 * Per-test accounts for the browser journeys (as epic-stack's `login` fixture): each test makes
 * the users it needs through the test-fixture door (POST /api/workshop/test-users, open only with
 * ALLOW_TEST_FIXTURES, set for the e2e server in playwright.config.ts), so tests that change state
 * share nothing and can run in parallel, in any order, repeated. Signing in goes through the real
 * authorization server over HTTP in the page's own context; signing up through the UI is the
 * account journey's job (auth.spec.ts).
 */
import { randomInt } from 'node:crypto'
import { freshTotpCode } from '../fixtures/totp-codes'
import { expect, test as base, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test'
import type { TestUser, TestUserInput } from '../../src/modules/workshop/test-users.schemas'

export { expect }
export type { TestUser }

export async function createUser(request: APIRequestContext, input: TestUserInput = {}): Promise<TestUser> {
  const response = await request.post('/api/workshop/test-users', { data: input })
  expect(response.status(), await response.text()).toBe(201)
  return (await response.json()) as TestUser
}

/**
 * Signs `user` in as the storefront does: /login → the authorization server's sign-in page → post
 * the credentials → /auth/callback, following redirects. The session cookie lands in `context`.
 */
export async function signInAs(
  target: BrowserContext | Page,
  user: Pick<TestUser, 'email' | 'password'> & { totpSecret?: string | null },
): Promise<void> {
  const context = 'newPage' in target ? target : target.context()
  const { request } = context
  const signInPage = await request.get('/login')
  const { pathname } = new URL(signInPage.url())
  expect(pathname, 'the sign-in page of the authorization server').toMatch(/\/login\/[^/]+$/)
  const done = await request.post(pathname, { form: { email: user.email, password: user.password } })
  expect(done.status(), `sign-in of ${user.email} ended at ${done.url()}`).toBe(200)
  const cookies = await context.cookies()
  expect(cookies.map((c) => c.name)).toContain('session')
  // Staff enrolled with a second factor prove it, as the back office's code page does (ADR 111).
  if (user.totpSecret) await proveStaffFactor(context, user.totpSecret)
}

/**
 * An authenticator code of a TOTP secret (real time, as an authenticator app), one not handed out
 * before: the server takes each code once (ADR 118).
 */
export const totpCode = (secret: string) => freshTotpCode(secret)

/** Proves a signed-in staff member's second factor for the context's session. */
export async function proveStaffFactor(context: BrowserContext, secret: string): Promise<void> {
  const response = await context.request.post('/api/staff/factor/verify', { data: { code: await totpCode(secret) } })
  expect(response.status(), await response.text()).toBe(200)
}

interface UserFixtures {
  /** Makes a fresh account (customer by default), not signed in. */
  newUser: (input?: TestUserInput) => Promise<TestUser>
  /** Makes a fresh account and signs the test's `page` in as it. */
  login: (input?: TestUserInput) => Promise<TestUser>
}

export const test = base.extend<UserFixtures>({
  // Each test is a client of its own address (X-Forwarded-For, trusted from loopback by the e2e
  // server's TRUST_PROXY), as different shoppers are: per-address rate limits (sign-in, codes,
  // player look-ups) then count one test's requests, not the whole suite's.
  extraHTTPHeaders: async ({ extraHTTPHeaders }, provide) => {
    const address = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`
    await provide({ ...extraHTTPHeaders, 'x-forwarded-for': address })
  },
  newUser: async ({ request }, provide) => {
    await provide((input) => createUser(request, input))
  },
  login: async ({ page, newUser }, provide) => {
    await provide(async (input) => {
      const user = await newUser(input)
      await signInAs(page, user)
      return user
    })
  },
})

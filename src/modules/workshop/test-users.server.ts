/**
 * Test fixtures for browser journeys (ALLOW_TEST_FIXTURES, off by default): each journey makes an
 * account of its own instead of sharing the seeded demo accounts, so journeys can run in parallel
 * and in any order without seeing each other's orders, coupons or links. The account is what a
 * finished sign-up leaves (verified e-mail, password); signing in still goes through the real
 * authorization server, and sign-up through the UI stays covered by the account journey.
 */
import { randomBytes } from 'node:crypto'
import { config } from '../../../app.config'
import type { Db } from '~/server/db/client'
import { users } from '~/server/db/schema'
import { hashPassword } from '~/modules/accounts/password.server'
import { becomePromoter } from '~/modules/affiliate/promoters.server'
import { AppError } from '~/modules/errors/app-error'
import { earnAvailableCommission } from './test-commission.server'
import { testUserInputSchema, type TestUser } from './test-users.schemas'
import { now } from '~/modules/time/clock'

/** Refuses unless the setting is on; checked before anything else is read from the request. */
export function assertTestFixturesEnabled(): void {
  if (!config().ALLOW_TEST_FIXTURES) throw new AppError('FORBIDDEN', 'Test fixtures are disabled')
}

export async function createTestUser(db: Db, input: unknown): Promise<TestUser> {
  assertTestFixturesEnabled()
  const { role, promoter, username, referredOrderMinor, emailPrefix = 'e2e' } = testUserInputSchema.parse(input)
  if (referredOrderMinor !== undefined && !promoter) {
    throw new AppError('INVALID_INPUT', 'referredOrderMinor needs promoter: true', {
      issues: [{ path: 'referredOrderMinor', message: 'needs_promoter' }],
    })
  }
  const tag = randomBytes(6).toString('hex')
  const email = `${emailPrefix}-${tag}@example.com`
  // Meets the sign-up rules (letters and digits, 8+), different for every account.
  const password = `E2e-${randomBytes(9).toString('base64url')}1a`
  const [user] = await db
    .insert(users)
    .values({
      email,
      passwordHash: await hashPassword(password),
      username: username ?? null,
      role,
      emailVerifiedAt: now(),
    })
    .returning({ id: users.id })
  const profile = promoter ? (await becomePromoter(db, user!.id)).profile : null
  if (profile && referredOrderMinor !== undefined) await earnAvailableCommission(db, profile, referredOrderMinor)
  const promoteCode = profile?.promoteCode ?? null
  return { id: user!.id, email, password, username: username ?? null, role, promoteCode }
}

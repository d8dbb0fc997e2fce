/** Creates an account from a mailed sign-up code; the e-mail is verified by that code. */
import { AppError } from '~/modules/errors/app-error'
import type { Db } from '~/server/db/client'
import { users } from '~/server/db/schema'
import { hitRateLimits } from '~/server/rate-limit'
import type { Locale } from '~/modules/i18n/locales'
import { consumeEmailCode } from './email-codes.server'
import { hashPassword } from './password.server'
import { now } from '~/modules/time/clock'

export const VERIFY_LIMITS = (ip: string) => [{ key: `verify:ip:${ip}`, max: 30, windowSeconds: 15 * 60 }]

export async function createAccountWithCode(
  db: Db,
  input: { email: string; code: string; password: string; locale: Locale; ip: string },
): Promise<{ id: string }> {
  await hitRateLimits(db, VERIFY_LIMITS(input.ip))
  if (!(await consumeEmailCode(db, input.email, 'signup', input.code))) {
    throw new AppError('INVALID_INPUT', 'Invalid or expired code', {
      issues: [{ path: 'code', message: 'invalid or expired' }],
    })
  }
  const [user] = await db
    .insert(users)
    .values({
      email: input.email,
      passwordHash: await hashPassword(input.password),
      locale: input.locale,
      emailVerifiedAt: now(),
    })
    .onConflictDoNothing()
    .returning({ id: users.id })
  // Only possible when two sign-ups for one e-mail race; codes are never sent to existing accounts.
  if (!user) throw new AppError('CONFLICT', 'Account already exists')
  return user
}

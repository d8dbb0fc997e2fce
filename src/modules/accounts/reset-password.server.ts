/** Sets a new password from a mailed reset code and signs the account out everywhere (shop and authorization server). */
import { eq } from 'drizzle-orm'
import { AppError } from '~/modules/errors/app-error'
import type { Db } from '~/server/db/client'
import { sessions, users } from '~/server/db/schema'
import { endAccountAtProvider } from '~/server/oidc/adapter'
import { hitRateLimits } from '~/server/rate-limit'
import { VERIFY_LIMITS } from './create-account.server'
import { consumeEmailCode } from './email-codes.server'
import { hashPassword } from './password.server'
import { now } from '~/modules/time/clock'

export async function resetPasswordWithCode(
  db: Db,
  input: { email: string; code: string; password: string; ip: string },
): Promise<void> {
  await hitRateLimits(db, VERIFY_LIMITS(input.ip))
  if (!(await consumeEmailCode(db, input.email, 'reset', input.code))) {
    throw new AppError('INVALID_INPUT', 'Invalid or expired code', {
      issues: [{ path: 'code', message: 'invalid or expired' }],
    })
  }
  const passwordHash = await hashPassword(input.password)
  // The new password and the end of every old sign-in commit together: storefront sessions, and
  // the authorization server's sessions, grants and tokens, so no tab can silently sign back in
  // with the old password's session and a stolen refresh token dies too.
  await db.transaction(async (tx) => {
    const [user] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: now() })
      .where(eq(users.email, input.email))
      .returning({ id: users.id })
    if (!user) return
    await tx.delete(sessions).where(eq(sessions.userId, user.id))
    await endAccountAtProvider(tx, user.id)
  })
}

/** Sets a new password from a mailed reset code and signs the account out everywhere. */
import { eq } from 'drizzle-orm'
import { AppError } from '../errors/app-error'
import type { Db } from '../../server/db/client'
import { sessions, users } from '../../server/db/schema'
import { hitRateLimits } from '../../server/rate-limit'
import { VERIFY_LIMITS } from './create-account.server'
import { consumeEmailCode } from './email-codes.server'
import { hashPassword } from './password.server'

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
  const [user] = await db
    .update(users)
    .set({ passwordHash, updatedAt: new Date() })
    .where(eq(users.email, input.email))
    .returning({ id: users.id })
  if (user) await db.delete(sessions).where(eq(sessions.userId, user.id))
}

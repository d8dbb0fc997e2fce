/** Checks an e-mail and password for sign-in without revealing which of the two was wrong. */
import { eq } from 'drizzle-orm'
import type { Db } from '../../server/db/client'
import { users } from '../../server/db/schema'
import { hitRateLimits } from '../../server/rate-limit'
import { hashPassword, verifyPassword } from './password.server'
import { normaliseEmail } from './email'

/** Verified against when the account does not exist, so both cases take as long. */
let dummyHash: Promise<string> | undefined

export const SIGNIN_LIMITS = (email: string, ip: string) => [
  { key: `signin:email:${email}`, max: 10, windowSeconds: 15 * 60 },
  { key: `signin:ip:${ip}`, max: 50, windowSeconds: 15 * 60 },
]

/** The account id when the password matches, otherwise null. Rate-limited per e-mail and per IP. */
export async function verifyCredentials(db: Db, input: { email: string; password: string; ip: string }) {
  const email = normaliseEmail(input.email)
  await hitRateLimits(db, SIGNIN_LIMITS(email, input.ip))
  const [user] = await db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, email))
    .limit(1)
  dummyHash ??= hashPassword('not a real password')
  const ok = await verifyPassword(input.password, user?.passwordHash ?? (await dummyHash))
  return ok && user?.passwordHash ? user.id : null
}

/** Checks an e-mail and password for sign-in without revealing which of the two was wrong. */
import { eq } from 'drizzle-orm'
import type { Db } from '~/server/db/client'
import { users } from '~/server/db/schema'
import { clearRateLimit, hitRateLimits, refundRateLimits } from '~/server/rate-limit'
import { hashPassword, verifyPassword } from './password.server'
import { normaliseEmail } from './email'

/** Verified against when the account does not exist, so both cases take as long. */
let dummyHash: Promise<string> | undefined

/**
 * Failed sign-ins, counted per e-mail from one client and per client. Keying the e-mail with the
 * client means a stranger guessing passwords cannot lock the owner out: the owner on another
 * network has a budget of their own. A guesser spreading over many e-mails meets the per-client
 * limit. Successful sign-ins do not count.
 */
export const SIGNIN_LIMITS = (email: string, ip: string) => [
  { key: signinEmailKey(email, ip), max: 10, windowSeconds: 15 * 60 },
  { key: `signin:ip:${ip}`, max: 50, windowSeconds: 15 * 60 },
]

const signinEmailKey = (email: string, ip: string) => `signin:email:${email}|ip:${ip}`

/**
 * The account id when the password matches, otherwise null. Known and unknown e-mails take the
 * same path (same counting, same scrypt work), so the answers cannot tell them apart.
 */
export async function verifyCredentials(db: Db, input: { email: string; password: string; ip: string }) {
  const email = normaliseEmail(input.email)
  const limits = SIGNIN_LIMITS(email, input.ip)
  // Counted before the check, atomically: parallel guesses cannot all pass under the limit.
  // A success gives its count back below.
  await hitRateLimits(db, limits)
  const [user] = await db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, email))
    .limit(1)
  dummyHash ??= hashPassword('not a real password')
  const ok = await verifyPassword(input.password, user?.passwordHash ?? (await dummyHash))
  if (!ok || !user?.passwordHash) return null
  // A correct password ends this e-mail's run of failures from this client.
  await clearRateLimit(db, signinEmailKey(email, input.ip))
  await refundRateLimits(db, limits.slice(1))
  return user.id
}

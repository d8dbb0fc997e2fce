/**
 * Six-digit codes sent by mail. Stored as an HMAC (a leaked table reveals no codes), valid for
 * ten minutes, five wrong guesses and the code is dead; a correct one is consumed once.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto'
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm'
import type { Db } from '~/server/db/client'
import { emailCodes } from '~/server/db/schema'
import { loadAuthSecrets } from '~/server/oidc/secrets'
import { now } from '~/modules/time/clock'

export type CodePurpose = 'signup' | 'reset' | 'delete_account'
export const CODE_TTL_MINUTES = 10
const MAX_ATTEMPTS = 5

async function hashCode(db: Db, email: string, purpose: CodePurpose, code: string): Promise<string> {
  const { codePepper } = await loadAuthSecrets(db)
  return createHmac('sha256', codePepper).update(`${purpose}:${email}:${code}`).digest('base64url')
}

export async function issueEmailCode(db: Db, email: string, purpose: CodePurpose): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
  await db.insert(emailCodes).values({
    email,
    purpose,
    codeHash: await hashCode(db, email, purpose, code),
    expiresAt: new Date(Date.now() + CODE_TTL_MINUTES * 60_000),
  })
  return code
}

/** True once for the latest live code of this e-mail and purpose; wrong guesses count against it. */
export async function consumeEmailCode(db: Db, email: string, purpose: CodePurpose, code: string): Promise<boolean> {
  const [latest] = await db
    .select()
    .from(emailCodes)
    .where(
      and(
        eq(emailCodes.email, email),
        eq(emailCodes.purpose, purpose),
        isNull(emailCodes.consumedAt),
        gt(emailCodes.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(emailCodes.createdAt))
    .limit(1)
  if (!latest || latest.attempts >= MAX_ATTEMPTS) return false
  const expected = Buffer.from(latest.codeHash)
  const actual = Buffer.from(await hashCode(db, email, purpose, code))
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) {
    await db
      .update(emailCodes)
      .set({ attempts: sql`${emailCodes.attempts} + 1` })
      .where(eq(emailCodes.id, latest.id))
    return false
  }
  // Guarded: of two concurrent correct submissions only one consumes the code.
  const used = await db
    .update(emailCodes)
    .set({ consumedAt: now() })
    .where(and(eq(emailCodes.id, latest.id), isNull(emailCodes.consumedAt)))
    .returning({ id: emailCodes.id })
  return used.length === 1
}

/**
 * WebAuthn challenges (ADR 113): random, stored until answered, answered once. Taking one deletes
 * it, so of two answers to the same challenge (a replay, a double submit) only the first finds
 * it; a challenge of another purpose or account, or past its expiry, is refused. Expiry is
 * elapsed time on the real clock (ADR 061), like the rate limits.
 */
import { randomBytes } from 'node:crypto'
import { and, eq, isNull, lt } from 'drizzle-orm'
import type { Db } from '~/server/db/client'
import { passkeyChallenges, type PasskeyPurpose } from '~/server/db/schema'

/** How long a browser has to answer (the WebAuthn prompt itself times out after CEREMONY_TIMEOUT_MS). */
export const CHALLENGE_SECONDS = 5 * 60
export const CEREMONY_TIMEOUT_MS = 2 * 60 * 1000

export async function issueChallenge(db: Db, purpose: PasskeyPurpose, userId: string | null): Promise<string> {
  const challenge = randomBytes(32).toString('base64url')
  // Unanswered challenges are useless once expired: each new one sweeps them (indexed).
  await db.delete(passkeyChallenges).where(lt(passkeyChallenges.expiresAt, new Date()))
  await db.insert(passkeyChallenges).values({
    challenge,
    purpose,
    userId,
    expiresAt: new Date(Date.now() + CHALLENGE_SECONDS * 1000),
  })
  return challenge
}

/** True once: for the first answer to a live challenge of this purpose and account. */
export async function takeChallenge(
  db: Db,
  challenge: string,
  purpose: PasskeyPurpose,
  userId: string | null,
): Promise<boolean> {
  const [row] = await db
    .delete(passkeyChallenges)
    .where(
      and(
        eq(passkeyChallenges.challenge, challenge),
        eq(passkeyChallenges.purpose, purpose),
        userId ? eq(passkeyChallenges.userId, userId) : isNull(passkeyChallenges.userId),
      ),
    )
    .returning({ expiresAt: passkeyChallenges.expiresAt })
  return Boolean(row) && row!.expiresAt.getTime() > Date.now()
}

/** The challenge a browser's response answers (from its clientDataJSON), or undefined if unreadable. */
export function challengeOf(clientDataJSON: string): string | undefined {
  try {
    const parsed = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown }
    return typeof parsed.challenge === 'string' && parsed.challenge.length <= 512 ? parsed.challenge : undefined
  } catch {
    return undefined
  }
}

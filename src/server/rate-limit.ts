/**
 * Fixed-window rate limits kept in the database, so every instance counts the same hits. One
 * upsert per hit: the row for (key, current window) is created or incremented atomically, so
 * parallel requests cannot all slip under the limit.
 */
import { and, eq, lt, sql } from 'drizzle-orm'
import { AppError } from '~/modules/errors/app-error'
import type { Db } from './db/client'
import { rateLimits } from './db/schema'

export interface Limit {
  /** What is counted, e.g. `signin:ip:1.2.3.4`. */
  key: string
  max: number
  windowSeconds: number
}

interface HitOptions {
  /** How much this hit costs (a failed coupon lookup costs more than a found one). */
  weight?: number
  /** false: only count (the answer is already decided), never throw. */
  enforce?: boolean
  now?: number
}

function windowOf(limit: Limit, now: number) {
  const windowMs = limit.windowSeconds * 1000
  const start = Math.floor(now / windowMs) * windowMs
  return { start, end: start + windowMs }
}

/** Counts one hit on each limit; throws RATE_LIMITED (429 + Retry-After) once any is exceeded. */
export async function hitRateLimits(db: Db, limits: Limit[], opts: HitOptions = {}): Promise<void> {
  const now = opts.now ?? Date.now()
  const weight = opts.weight ?? 1
  let retryAfter = 0
  for (const limit of limits) {
    const { start, end } = windowOf(limit, now)
    const [row] = await db
      .insert(rateLimits)
      .values({ key: limit.key, windowStart: new Date(start), hits: weight, expiresAt: new Date(end) })
      .onConflictDoUpdate({
        target: [rateLimits.key, rateLimits.windowStart],
        set: { hits: sql`${rateLimits.hits} + ${weight}` },
      })
      .returning({ hits: rateLimits.hits })
    if (row.hits > limit.max) retryAfter = Math.max(retryAfter, Math.ceil((end - now) / 1000))
  }
  if (retryAfter > 0 && opts.enforce !== false) {
    throw new AppError('RATE_LIMITED', 'Too many attempts, try again later', { retryAfterSeconds: retryAfter })
  }
  // Old windows are useless; dropping them now and then keeps the table small.
  if (Math.random() < 0.02) await db.delete(rateLimits).where(lt(rateLimits.expiresAt, new Date(now)))
}

/** Gives back hits counted up front for an attempt that turned out not to count (a success). */
export async function refundRateLimits(db: Db, limits: Limit[], weight = 1, now = Date.now()): Promise<void> {
  for (const limit of limits) {
    await db
      .update(rateLimits)
      .set({ hits: sql`greatest(${rateLimits.hits} - ${weight}, 0)` })
      .where(and(eq(rateLimits.key, limit.key), eq(rateLimits.windowStart, new Date(windowOf(limit, now).start))))
  }
}

/** Forgets a key entirely (every window), e.g. an e-mail's failed sign-ins after a correct password. */
export async function clearRateLimit(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key))
}

/** Who is asking, for per-client and per-user budgets. */
export interface Caller {
  ip: string
  userId: string | null
}

/** One budget per client address and, when signed in, one per user (a user on many addresses). */
export function perCaller(name: string, caller: Caller, max: number, windowSeconds: number): Limit[] {
  const limits = [{ key: `${name}:ip:${caller.ip}`, max, windowSeconds }]
  if (caller.userId) limits.push({ key: `${name}:user:${caller.userId}`, max, windowSeconds })
  return limits
}

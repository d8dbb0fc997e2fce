/**
 * Fixed-window rate limits kept in the database, so every instance counts the same hits. One
 * upsert per hit: the row for (key, current window) is created or incremented atomically.
 */
import { lt, sql } from 'drizzle-orm'
import { AppError } from '../modules/errors/app-error'
import type { Db } from './db/client'
import { rateLimits } from './db/schema'

export interface Limit {
  /** What is counted, e.g. `signin:ip:1.2.3.4`. */
  key: string
  max: number
  windowSeconds: number
}

/** Counts one hit on each limit; throws RATE_LIMITED (429 + Retry-After) once any is exceeded. */
export async function hitRateLimits(db: Db, limits: Limit[], now = Date.now()): Promise<void> {
  let retryAfter = 0
  for (const limit of limits) {
    const windowMs = limit.windowSeconds * 1000
    const start = Math.floor(now / windowMs) * windowMs
    const [row] = await db
      .insert(rateLimits)
      .values({ key: limit.key, windowStart: new Date(start), hits: 1, expiresAt: new Date(start + windowMs) })
      .onConflictDoUpdate({
        target: [rateLimits.key, rateLimits.windowStart],
        set: { hits: sql`${rateLimits.hits} + 1` },
      })
      .returning({ hits: rateLimits.hits })
    if (row.hits > limit.max) retryAfter = Math.max(retryAfter, Math.ceil((start + windowMs - now) / 1000))
  }
  if (retryAfter > 0) {
    throw new AppError('RATE_LIMITED', 'Too many attempts, try again later', { retryAfterSeconds: retryAfter })
  }
  // Old windows are useless; dropping them now and then keeps the table small.
  if (Math.random() < 0.02) await db.delete(rateLimits).where(lt(rateLimits.expiresAt, new Date(now)))
}

/** The client's address as seen by the server (srvx sets `ip`; unknown behind odd adapters). */
export function clientIp(request: Request): string {
  return (request as Request & { ip?: string }).ip ?? 'unknown'
}

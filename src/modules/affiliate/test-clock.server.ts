/**
 * The test clock (ALLOW_TEST_CLOCK, off by default): browser journeys cannot wait out a 14-day
 * hold, so an operator moves the affiliate clock forward with POST /api/workshop/clock. The offset
 * lives in `meta` ('test_clock_offset_ms') so every instance on the database agrees; each process
 * reads it with a short cache before its affiliate jobs run. With the flag off nothing is read and
 * the clock is the system clock.
 */
import { eq, sql } from 'drizzle-orm'
import { z } from 'zod'
import { config } from '../../../app.config'
import type { Db } from '../../server/db/client'
import { meta } from '../../server/db/schema'
import { json } from '../../server/http/respond'
import { requireOperator, type UserIdResolver } from '../auth/caller.server'
import { AppError } from '../errors/app-error'
import { now, setClockOffset } from './clock'
import { releaseDueCommissions } from './commission.server'

export const TEST_CLOCK_KEY = 'test_clock_offset_ms'
const CACHE_MS = 2_000
const DAY_MS = 86_400_000

let readAt = 0

export const advanceClockSchema = z.object({ advanceDays: z.number().int().min(1).max(3650) })

async function readOffset(db: Db): Promise<number> {
  const [row] = await db.select({ value: meta.value }).from(meta).where(eq(meta.key, TEST_CLOCK_KEY))
  const value = row?.value
  return typeof value === 'number' && Number.isFinite(value) ? value : 0
}

/** Loads the stored offset into the clock (at most every 2 s); a no-op unless ALLOW_TEST_CLOCK. */
export async function refreshTestClock(db: Db, force = false): Promise<void> {
  if (!config().ALLOW_TEST_CLOCK) return
  if (!force && Date.now() - readAt < CACHE_MS) return
  setClockOffset(await readOffset(db))
  readAt = Date.now()
}

/**
 * Moves the clock `days` forward and runs the release sweep at once (its scheduled job would only
 * run at the real time). Returns the new offset and how many commissions were released.
 */
export async function advanceTestClock(db: Db, days: number): Promise<{ offsetMs: number; released: number }> {
  if (!config().ALLOW_TEST_CLOCK) throw new AppError('FORBIDDEN', 'The test clock is disabled')
  const offsetMs = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(meta)
      .values({ key: TEST_CLOCK_KEY, value: days * DAY_MS })
      .onConflictDoUpdate({
        target: meta.key,
        set: { value: sql`to_jsonb((${meta.value})::bigint + ${days * DAY_MS})`, updatedAt: sql`now()` },
      })
      .returning({ value: meta.value })
    return Number(row!.value)
  })
  setClockOffset(offsetMs)
  readAt = Date.now()
  const released = await releaseDueCommissions(db)
  return { offsetMs, released }
}

/** POST /api/workshop/clock {advanceDays}: 403 unless ALLOW_TEST_CLOCK, 401/403 unless an operator. */
export async function testClockApi(db: Db, request: Request, resolve?: UserIdResolver): Promise<Response> {
  if (!config().ALLOW_TEST_CLOCK) throw new AppError('FORBIDDEN', 'The test clock is disabled')
  await requireOperator(db, request, resolve)
  let input: unknown
  try {
    input = await request.json()
  } catch {
    throw new AppError('INVALID_INPUT', 'Body is not JSON', { issues: [{ path: '', message: 'invalid_json' }] })
  }
  const { advanceDays } = advanceClockSchema.parse(input)
  const result = await advanceTestClock(db, advanceDays)
  return json({ ...result, now: now().toISOString() })
}

/**
 * The test clock (ALLOW_TEST_CLOCK, off by default): browser journeys cannot wait out a 14-day
 * hold, so an operator moves the app's clock forward with POST /api/workshop/clock ({advanceDays} or {advanceMinutes}). The offset
 * lives in `meta` ('test_clock_offset_ms') so every instance on the database agrees; each process
 * reads it with a short cache before it handles a request (src/server.ts) and before its affiliate
 * jobs run. With the flag off nothing is read and the clock is the system clock. Every move is in
 * the audit log.
 */
import { eq, sql } from 'drizzle-orm'
import { z } from 'zod'
import { config } from '../../../app.config'
import type { Db } from '~/server/db/client'
import { meta } from '~/server/db/schema'
import { recordAudit, type AuditActor } from '~/modules/audit/audit.server'
import { AppError } from '~/modules/errors/app-error'
import { setClockOffset } from './clock'
import { DAY_MS } from './days'

export const TEST_CLOCK_KEY = 'test_clock_offset_ms'
/** How long a process trusts the offset it read (real time: a cache age). */
const CACHE_MS = 2_000

let readAt = 0

/** Days, or minutes (e.g. past the staff step-up window, ADR 111) — one of the two. */
export const advanceClockSchema = z
  .object({
    advanceDays: z.number().int().min(1).max(3650).optional(),
    advanceMinutes: z
      .number()
      .int()
      .min(1)
      .max(24 * 60)
      .optional(),
  })
  .refine((input) => (input.advanceDays === undefined) !== (input.advanceMinutes === undefined), {
    path: ['advanceDays'],
    message: 'one_of_advanceDays_or_advanceMinutes',
  })
  .transform((input) => ({ advanceDays: input.advanceDays ?? (input.advanceMinutes ?? 0) / (24 * 60) }))

async function readOffset(db: Db): Promise<number> {
  const [row] = await db.select({ value: meta.value }).from(meta).where(eq(meta.key, TEST_CLOCK_KEY))
  const value = row?.value
  return typeof value === 'number' && Number.isFinite(value) ? value : 0
}

/** Loads the stored offset into the clock (at most every 2 s); a no-op unless ALLOW_TEST_CLOCK. */
export async function refreshTestClock(db: Db | (() => Promise<Db>), force = false): Promise<void> {
  if (!config().ALLOW_TEST_CLOCK) return
  if (!force && Date.now() - readAt < CACHE_MS) return
  setClockOffset(await readOffset(typeof db === 'function' ? await db() : db))
  readAt = Date.now()
}

/** FORBIDDEN (403) unless ALLOW_TEST_CLOCK: checked before anything else, so a closed door says nothing. */
export function requireTestClock(): void {
  if (!config().ALLOW_TEST_CLOCK) throw new AppError('FORBIDDEN', 'The test clock is disabled')
}

/**
 * Moves the clock `days` forward for every process on the database; returns the new offset. A
 * staff action like any other: audited (who, from which offset to which) in the same transaction.
 */
export async function moveTestClock(db: Db, days: number, actor: AuditActor): Promise<number> {
  requireTestClock()
  const stepMs = Math.round(days * DAY_MS)
  const offsetMs = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(meta)
      .values({ key: TEST_CLOCK_KEY, value: stepMs })
      .onConflictDoUpdate({
        target: meta.key,
        set: { value: sql`to_jsonb((${meta.value})::bigint + ${stepMs})`, updatedAt: sql`now()` },
      })
      .returning({ value: meta.value })
    const moved = Number(row!.value)
    await recordAudit(tx, actor, {
      action: 'test_clock.move',
      targetType: 'test_clock',
      targetId: TEST_CLOCK_KEY,
      before: { offsetDays: (moved - stepMs) / DAY_MS },
      after: { offsetDays: moved / DAY_MS, advancedDays: days },
    })
    return moved
  })
  setClockOffset(offsetMs)
  readAt = Date.now()
  return offsetMs
}

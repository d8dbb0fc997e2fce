/**
 * The affiliate side of the test clock (src/modules/time/test-clock.server.ts): after moving the
 * clock, the release sweep runs at once, since its scheduled job would only run at the real time.
 */
import type { AuditActor } from '~/modules/audit/audit.server'
import type { Db } from '~/server/db/client'
import { moveTestClock } from '~/modules/time/test-clock.server'
import { releaseDueCommissions } from './commission.server'

/** Moves the clock `days` forward; returns the new offset and how many commissions were released. */
export async function advanceTestClock(
  db: Db,
  days: number,
  actor: AuditActor,
): Promise<{ offsetMs: number; released: number }> {
  const offsetMs = await moveTestClock(db, days, actor)
  const released = await releaseDueCommissions(db)
  return { offsetMs, released }
}

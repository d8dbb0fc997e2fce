/**
 * Jobs that run on a fixed period (housekeeping), on the same durable queue as everything else.
 * Each run is one job whose dedupe key names its time slot (`queue@<slot start ms>`): every
 * instance enqueues the next slot at boot and after each run, and the key makes that one job for
 * the whole deployment. A run that fails is retried like any job; a slot missed while every
 * instance was down is skipped, not caught up.
 */
import type { Db } from '~/server/db/client'
import { enqueue } from './queue'
import { registerJobHandler } from './registry'

const periods = new Map<string, number>()

interface PeriodicPayload {
  /** Start of the slot this run belongs to (ms since the epoch). */
  slot: number
}

/** The slot after `after` (and after now): a run that started early still hands on to the next. */
function enqueueNextRun(tx: Db, queue: string, everyMs: number, after = 0) {
  const slot = Math.max(Math.floor(Date.now() / everyMs) + 1, Math.floor(after / everyMs) + 1) * everyMs
  const payload: PeriodicPayload = { slot }
  return enqueue(tx, { queue, payload, dedupeKey: `${queue}@${slot}`, runAt: new Date(slot) })
}

/** `run` does the work; the next run is scheduled in the transaction that completes this one. */
export function registerPeriodicJob(queue: string, everyMs: number, run: (db: Db) => Promise<void>): void {
  periods.set(queue, everyMs)
  registerJobHandler<PeriodicPayload>(queue, async ({ slot }, ctx) => {
    await run(ctx.db)
    await ctx.complete((tx) => enqueueNextRun(tx, queue, everyMs, slot).then(() => undefined))
  })
}

/** Called at boot: makes sure each periodic job has its next run queued (a no-op when it has). */
export async function schedulePeriodicJobs(db: Db): Promise<void> {
  for (const [queue, everyMs] of periods) await enqueueNextRun(db, queue, everyMs)
}

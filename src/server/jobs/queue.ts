/**
 * Enqueueing jobs. Always call `enqueue` with the business transaction (`tx`): the job is then
 * committed or rolled back together with the change that caused it (a transactional outbox).
 */
import { sql } from 'drizzle-orm'
import type { Db } from '~/server/db/client'
import { jobs } from '~/server/db/schema'

export interface NewJob {
  queue: string
  payload?: unknown
  /** Enqueueing the same key again is a no-op: "one fulfilment per order", "one receipt". */
  dedupeKey?: string
  /** Not before this time (the default is now). */
  runAt?: Date
  maxAttempts?: number
}

/** Returns the new job id, or null when a job with the same dedupe key already exists. */
export async function enqueue(tx: Db, job: NewJob): Promise<number | null> {
  return (await enqueueAll(tx, [job]))[0] ?? null
}

/**
 * Several jobs in one INSERT (the effects of one status change): one round trip instead of one
 * per job. Returns the ids of the jobs that were new (duplicates by dedupe key are skipped).
 */
export async function enqueueAll(tx: Db, batch: readonly NewJob[]): Promise<number[]> {
  if (batch.length === 0) return []
  const rows = await tx
    .insert(jobs)
    .values(
      batch.map((job) => ({
        queue: job.queue,
        payload: job.payload ?? {},
        dedupeKey: job.dedupeKey,
        runAt: job.runAt ?? sql`now()`,
        maxAttempts: job.maxAttempts ?? 5,
      })),
    )
    .onConflictDoNothing({ target: jobs.dedupeKey })
    .returning({ id: jobs.id })
  // A job for later (an expiry, a delayed retry) is the regular poll's: waking now finds nothing.
  const dueNow = batch.some((job) => !job.runAt || job.runAt.getTime() <= Date.now())
  if (rows.length > 0 && dueNow) wakeWorkersSoon()
  return rows.map((r) => r.id)
}

type Waker = () => void
const wakers = new Set<Waker>()

/** Workers of this process subscribe here to hear about new jobs before their next poll. */
export function onJobEnqueued(waker: Waker): () => void {
  wakers.add(waker)
  return () => wakers.delete(waker)
}

/**
 * The enqueuing transaction has not committed yet when this runs, so wake the workers a moment
 * later; if they are still too early, the regular poll picks the job up.
 */
function wakeWorkersSoon(): void {
  if (wakers.size === 0) return
  setTimeout(() => {
    for (const wake of wakers) wake()
  }, 25).unref?.()
}

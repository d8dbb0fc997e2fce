/**
 * Enqueueing jobs. Always call `enqueue` with the business transaction (`tx`): the job is then
 * committed or rolled back together with the change that caused it (a transactional outbox).
 */
import { is, sql, SQL } from 'drizzle-orm'
import { afterCommit, rootOf } from '~/server/db/after-commit'
import type { Db } from '~/server/db/client'
import { jobs } from '~/server/db/schema'
import { handlerFor } from './registry'

export interface NewJob {
  queue: string
  /** JSON; an SQL expression only in `enqueueStatement` (a value the statement itself reads). */
  payload?: unknown
  /** Enqueueing the same key again is a no-op: "one fulfilment per order", "one receipt". */
  dedupeKey?: string | SQL
  /** Not before this time (the default is now). */
  runAt?: Date
  maxAttempts?: number
}

/** Returns the new job id, or null when a job with the same dedupe key already exists. */
export async function enqueue(tx: Db, job: NewJob): Promise<number | null> {
  return (await enqueueAll(tx, [job]))[0] ?? null
}

/** A job as its worker holds it: the lease's fencing token, and the attempt it is on. */
export interface ClaimedJob {
  id: number
  queue: string
  payload: unknown
  attempts: number
  maxAttempts: number
  lockToken: string
}

/** A worker of this process that takes jobs queued through its database handle. */
export interface JobTaker {
  /** Whether it has room for a job of `queue` now (asked before the insert, so the overshoot stays small). */
  hasRoom(queue: string): boolean
  take(jobs: ClaimedJob[]): void
}

/** What a claim (an UPDATE of the worker, or an INSERT that claims) returns of each job. */
export const claimedJobColumns = {
  id: jobs.id,
  queue: jobs.queue,
  payload: jobs.payload,
  attempts: jobs.attempts,
  maxAttempts: jobs.maxAttempts,
  lockToken: sql<string>`${jobs.lockToken}`,
}

/** The end of a lease of `ms` milliseconds from now (a number, or a per-row SQL expression). */
export const leaseUntil = (ms: number | SQL) => sql`now() + ${ms}::int * interval '1 millisecond'`

const takers = new WeakMap<Db, JobTaker>()

/** A worker offers to run the jobs queued through `db` (until the returned function is called). */
export function takeJobsQueuedThrough(db: Db, taker: JobTaker): () => void {
  takers.set(db, taker)
  return () => {
    if (takers.get(db) === taker) takers.delete(db)
  }
}

const isDue = (job: NewJob) => !job.runAt || job.runAt.getTime() <= Date.now()

/** The lease of a job that goes in claimed, or null: this process's worker has no room for it. */
function plan(conn: Db, batch: readonly NewJob[]): { taker?: JobTaker; leaseMs: (number | null)[] } {
  const root = rootOf(conn)
  const taker = root ? takers.get(root) : undefined
  if (!taker) return { leaseMs: batch.map(() => null) }
  const leaseOf = (job: NewJob) => {
    const handler = isDue(job) && taker.hasRoom(job.queue) ? handlerFor(job.queue) : undefined
    return handler ? handler.leaseMs : null
  }
  return { taker, leaseMs: batch.map(leaseOf) }
}

/** What an INSERT … RETURNING of jobs gives back (`lockToken` set for the jobs inserted claimed). */
export type QueuedJobRow = Omit<ClaimedJob, 'lockToken'> & { lockToken: string | null }

/**
 * After the insert: claimed jobs go to the worker once `conn` commits. Workers are woken only for
 * a job that is due and went in unclaimed (a job for later waits for their poll: waking them for
 * it would be a claim query that finds nothing).
 */
function handOver(
  conn: Db,
  batch: readonly NewJob[],
  { taker, leaseMs }: ReturnType<typeof plan>,
  rows: QueuedJobRow[],
): void {
  const claimed = rows.filter((row): row is ClaimedJob => row.lockToken !== null)
  if (claimed.length > 0) afterCommit(conn, () => taker!.take(claimed))
  if (rows.length > claimed.length && batch.some((job, i) => isDue(job) && leaseMs[i] === null)) wakeWorkersSoon()
}

/**
 * Several jobs in one INSERT (the effects of one status change): one round trip instead of one
 * per job. Returns the ids of the jobs that were new (duplicates by dedupe key are skipped).
 *
 * Jobs due now go in already claimed when this process runs a worker on this database with room
 * to spare: the worker gets them the moment the transaction commits, without a claim query of
 * its own (issue 11: queries per order). They hold a lease like any claim, so if this process
 * dies first another worker runs them once it has run out; if the transaction rolls back there
 * is nothing to run.
 */
export async function enqueueAll(tx: Db, batch: readonly NewJob[]): Promise<number[]> {
  if (batch.length === 0) return []
  const planned = plan(tx, batch)
  const { leaseMs } = planned
  const rows = await tx
    .insert(jobs)
    .values(
      batch.map((job, i) => ({
        queue: job.queue,
        payload: job.payload ?? {},
        dedupeKey: job.dedupeKey,
        runAt: job.runAt ?? sql`now()`,
        maxAttempts: job.maxAttempts ?? 5,
        ...(leaseMs[i] !== null
          ? {
              attempts: 1,
              lockedUntil: leaseUntil(leaseMs[i]!),
              lockToken: sql`gen_random_uuid()`,
            }
          : {}),
      })),
    )
    .onConflictDoNothing({ target: jobs.dedupeKey })
    .returning(claimedJobColumns)
  // The jobs that went in unclaimed come back with a null lockToken.
  handOver(tx, batch, planned, rows as QueuedJobRow[])
  return rows.map((r) => r.id)
}

/**
 * `enqueueAll` for the caller's own CTE, so a change and the jobs it causes go in as one
 * statement without a transaction around them: the rows are inserted only when `onlyIf` holds
 * (e.g. `exists (select 1 from moved)`). Put `statement` in a CTE, select its rows with
 * `json_agg`, and pass them to `queued` once the statement has run (claimed ones are handed over).
 */
export function enqueueStatement(
  conn: Db,
  batch: readonly NewJob[],
  onlyIf?: SQL,
): { statement: SQL; queued(rows: QueuedJobRow[] | null): void } {
  const planned = plan(conn, batch)
  const { leaseMs } = planned
  const values = batch.map(
    (job, i) =>
      sql`(${job.queue}::text, ${is(job.payload, SQL) ? job.payload : JSON.stringify(job.payload ?? {})}::jsonb, (${job.dedupeKey ?? null})::text, ${job.runAt?.toISOString() ?? null}::timestamptz, ${job.maxAttempts ?? 5}::int, ${leaseMs[i]}::int)`,
  )
  const statement = sql`insert into ${jobs} (queue, payload, dedupe_key, run_at, max_attempts, attempts, locked_until, lock_token)
    select v.queue, v.payload, v.dedupe_key, coalesce(v.run_at, now()), v.max_attempts,
      case when v.lease_ms is null then 0 else 1 end,
      now() + v.lease_ms * interval '1 millisecond',
      case when v.lease_ms is null then null else gen_random_uuid() end
    from (values ${sql.join(values, sql`, `)}) as v(queue, payload, dedupe_key, run_at, max_attempts, lease_ms)
    ${onlyIf ? sql`where ${onlyIf}` : sql``}
    on conflict (dedupe_key) do nothing
    returning id, queue, payload, attempts, max_attempts as "maxAttempts", lock_token as "lockToken"`
  return { statement, queued: (rows) => handOver(conn, batch, planned, rows ?? []) }
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

/**
 * Brings forward open jobs of `queue` whose dedupe key starts with `keyPrefix` and that wait for a
 * later run (not one running now): news they were waiting for has come (a supplier's callback).
 * Returns how many were woken; waking one twice changes nothing.
 */
export async function wakeWaitingJobs(db: Db, queue: string, keyPrefix: string): Promise<number> {
  const woken = await db
    .update(jobs)
    .set({ runAt: sql`now()` })
    .where(
      sql`${jobs.queue} = ${queue} and starts_with(${jobs.dedupeKey}, ${keyPrefix})
        and ${jobs.completedAt} is null and ${jobs.failedAt} is null
        and ${jobs.runAt} > now() and (${jobs.lockedUntil} is null or ${jobs.lockedUntil} < now())`,
    )
    .returning({ id: jobs.id })
  return woken.length
}

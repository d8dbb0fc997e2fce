/**
 * The job worker: claims due jobs with UPDATE … WHERE id IN (SELECT … FOR UPDATE SKIP LOCKED),
 * so any number of workers (in-process, other instances) share one table without double claims.
 * Each claim sets a lease (locked_until) and a fresh fencing token; the handler runs outside any
 * transaction, and completion only counts if the token is still ours. A worker killed mid-job
 * leaves a lease that expires, and the job is claimed again.
 */
import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm'
import { describeDbError, isConnectionError, markUnavailable } from '~/server/db/availability'
import { createHash } from 'node:crypto'
import type { Db } from '~/server/db/client'
import { prepared } from '~/server/db/prepared'
import { jobs } from '~/server/db/schema'
import { log } from '~/server/log'
import { backoffMs } from './backoff'
import { claimedJobColumns, leaseUntil, onJobEnqueued, takeJobsQueuedThrough, type ClaimedJob } from './queue'
import { DEFAULT_LEASE_MS, LeaseLostError, RetryLaterError, handlerFor, registeredQueues } from './registry'

export interface WorkerOptions {
  /**
   * Jobs of one queue run at the same time by this worker. Each queue has its own slots, so
   * jobs that wait long on another system (a supplier) never hold back another queue's (the
   * gateway's webhook, a mail): Oban's per-queue limits (ADR 077).
   */
  concurrency?: number
  /** Sleep between polls when there is nothing to do. */
  pollMs?: number
}

export class JobWorker {
  private running = false
  /** Jobs running now, by their promise: what stop() hands back when the deadline comes. */
  private inFlight = new Map<Promise<void>, ClaimedJob>()
  /** Jobs running per queue. */
  private busy = new Map<string, number>()
  private wake?: () => void
  private loop?: Promise<void>
  private unsubscribe?: () => void
  private stopTaking?: () => void
  /**
   * There may be due jobs no claim has seen: unclaimed ones were queued (of any queue), or, for
   * `fullQueues`, the queue's last claim came back full. Jobs handed over at commit do not count,
   * so a finished job only claims again when there is reason to (a claim per finished job was a
   * query per job, issue 11).
   */
  private maybeMore = true
  private fullQueues = new Set<string>()
  readonly concurrency: number
  readonly pollMs: number

  constructor(
    private readonly db: Db,
    opts: WorkerOptions = {},
  ) {
    this.concurrency = opts.concurrency ?? 4
    this.pollMs = opts.pollMs ?? 500
  }

  start(): void {
    if (this.running) return
    this.running = true
    this.unsubscribe = onJobEnqueued(() => {
      this.maybeMore = true
      this.wake?.()
    })
    // Jobs this process queues are handed over claimed, when they commit (queue.ts). Older
    // unclaimed jobs are not starved by it: the claim loop takes them in run_at order whenever a
    // slot is free, and a worker with every slot taken hands nothing over. (Waiting for them
    // first made a busy worker claim nearly every job with a query of its own, issue 11.)
    this.stopTaking = takeJobsQueuedThrough(this.db, {
      hasRoom: (queue) => this.running && this.roomFor(queue) > 0,
      take: (handed) => {
        if (this.running) for (const job of handed) this.launch(job)
        // Stopping: another instance's worker may take them now, not when their lease runs out.
        else void releaseLeases(this.db, handed)
      },
    })
    this.loop = this.run()
  }

  /**
   * Stops claiming and waits for running jobs. With a deadline (epoch ms), the jobs still running
   * then are handed back (their leases released, ADR 093) so another worker takes them at once
   * instead of when their leases run out; their own completion here then no longer counts.
   */
  async stop(deadline = Number.POSITIVE_INFINITY): Promise<void> {
    this.running = false
    this.unsubscribe?.()
    this.stopTaking?.()
    this.wake?.()
    await this.loop
    const finished = Promise.allSettled([...this.inFlight.keys()]).then(() => true)
    if (deadline === Number.POSITIVE_INFINITY) {
      await finished
      return
    }
    let timer: NodeJS.Timeout | undefined
    const timedOut = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), Math.max(0, deadline - Date.now()))
    })
    const allDone = await Promise.race([finished, timedOut])
    clearTimeout(timer)
    if (!allDone) await releaseLeases(this.db, [...this.inFlight.values()])
  }

  private roomFor(queue: string): number {
    return this.concurrency - (this.busy.get(queue) ?? 0)
  }

  /** Whether a claim now could find something: a queue with room that may have due jobs. */
  private worthClaiming(): boolean {
    if (this.maybeMore) return registeredQueues().some((q) => this.roomFor(q) > 0)
    for (const q of this.fullQueues) if (this.roomFor(q) > 0) return true
    return false
  }

  private launch(job: ClaimedJob): void {
    this.busy.set(job.queue, (this.busy.get(job.queue) ?? 0) + 1)
    const p = runJob(this.db, job).finally(() => {
      this.inFlight.delete(p)
      this.busy.set(job.queue, this.busy.get(job.queue)! - 1)
      // A slot of this queue is free and it may have work waiting: claim now.
      if (this.maybeMore || this.fullQueues.has(job.queue)) this.wake?.()
    })
    this.inFlight.set(p, job)
  }

  private async run(): Promise<void> {
    while (this.running) {
      const room = new Map(registeredQueues().map((q) => [q, Math.max(0, this.roomFor(q))]))
      const asked = [...room.values()].some((n) => n > 0)
      if (asked) {
        this.maybeMore = false
        try {
          const claimed = await claimJobs(this.db, room)
          const got = new Map<string, number>()
          for (const job of claimed) got.set(job.queue, (got.get(job.queue) ?? 0) + 1)
          // A queue that filled its room, or had none, may have more due jobs: claim it again as
          // soon as it has room (at once, if it still has). The others were emptied by this claim.
          for (const [queue, n] of room) {
            if (n === 0 || got.get(queue) === n) this.fullQueues.add(queue)
            else this.fullQueues.delete(queue)
          }
          for (const job of claimed) this.launch(job)
        } catch (err) {
          // The database being away is a state, logged once by the availability module, not
          // an error every poll.
          if (isConnectionError(err)) markUnavailable(describeDbError(err))
          else log.error({ err }, 'job claim failed')
        }
      }
      // News of jobs queued while claiming, or a queue that came back full and has room again.
      if (asked && this.worthClaiming()) continue
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.pollMs)
        this.wake = () => {
          clearTimeout(timer)
          resolve()
        }
      })
      this.wake = undefined
    }
  }
}

/**
 * Gives claimed jobs back to the queue now: due at once, unleased, the attempt not counted. Fenced
 * by the claim's token, so a job that meanwhile completed (or was taken over) is left alone, and
 * the handler still running here can no longer complete it. Never throws: at worst the leases
 * run out as after a crash.
 */
export async function releaseLeases(db: Db, claimed: readonly ClaimedJob[]): Promise<void> {
  if (claimed.length === 0) return
  try {
    const released = await db
      .update(jobs)
      .set({ lockedUntil: null, lockToken: null, runAt: sql`now()`, attempts: sql`greatest(${jobs.attempts} - 1, 0)` })
      .where(
        and(
          inArray(
            jobs.id,
            claimed.map((j) => j.id),
          ),
          inArray(
            sql`${jobs.lockToken}::text`,
            claimed.map((j) => j.lockToken),
          ),
          isNull(jobs.completedAt),
        ),
      )
      .returning({ id: jobs.id, queue: jobs.queue })
    if (released.length) log.info({ jobs: released }, 'unfinished jobs handed back to the queue')
  } catch (err) {
    log.warn({ err }, 'could not hand jobs back; their leases will run out')
  }
}

/**
 * Claims due jobs of the queues this process can run: up to `limit` of each queue, or of each
 * queue up to the number `limit` maps it to (a queue it leaves out gets none).
 */
export async function claimJobs(db: Db, limit: number | ReadonlyMap<string, number>): Promise<ClaimedJob[]> {
  const queues = registeredQueues()
  const room = (q: string) => Math.max(0, typeof limit === 'number' ? limit : (limit.get(q) ?? 0))
  if (!queues.some((q) => room(q) > 0)) return []
  const leases = queues.map((q) => [q, handlerFor(q)?.leaseMs ?? DEFAULT_LEASE_MS] as const)
  // One statement per set of queues and leases (they only change as handlers are registered);
  // each queue's room is a parameter.
  const name = `claim_jobs_${createHash('sha256').update(JSON.stringify(leases)).digest('hex').slice(0, 16)}`
  return prepared(db, name, (conn) => claimQuery(conn, leases)).execute(
    Object.fromEntries(queues.map((q, i) => [`room${i}`, room(q)])),
  )
}

function claimQuery(conn: Db, leases: readonly (readonly [string, number])[]) {
  // Per queue, its oldest due jobs up to its room: one index range of jobs_due_idx each, so a
  // queue full of jobs waiting for a supplier never crowds out another queue's.
  const rooms = leases.map(([q], i) => sql`(${q}::text, ${sql.placeholder(`room${i}`)}::int)`)
  const due = sql`select j.id from (values ${sql.join(rooms, sql`, `)}) as q(queue, room)
    cross join lateral (
      select ${jobs.id} as id from ${jobs}
      where ${jobs.queue} = q.queue and ${jobs.completedAt} is null and ${jobs.failedAt} is null
        and ${jobs.runAt} <= now() and (${jobs.lockedUntil} is null or ${jobs.lockedUntil} < now())
      order by ${jobs.runAt}, ${jobs.id}
      limit q.room
      for update of ${jobs} skip locked
    ) as j`
  const cases = leases.map(([q, ms]) => sql`when ${q} then ${ms}`)
  const leaseMs = sql`(case ${jobs.queue} ${sql.join(cases, sql` `)} else ${DEFAULT_LEASE_MS} end)`
  return conn
    .update(jobs)
    .set({
      attempts: sql`${jobs.attempts} + 1`,
      lockedUntil: leaseUntil(leaseMs),
      lockToken: sql`gen_random_uuid()`,
    })
    .where(sql`${jobs.id} in (${due})`)
    .returning(claimedJobColumns)
}

/** A job's fenced completion: done only if it is still this claim's (its token) and not done. */
function completeQuery(conn: Db) {
  return conn
    .update(jobs)
    .set({ completedAt: sql`now()`, lockedUntil: null, lastError: null })
    .where(
      and(eq(jobs.id, sql.placeholder('id')), eq(jobs.lockToken, sql.placeholder('token')), isNull(jobs.completedAt)),
    )
    .returning({ id: jobs.id })
}

/** Runs one claimed job to completion, retry or final failure. Never throws. */
export async function runJob(db: Db, job: ClaimedJob): Promise<void> {
  const registered = handlerFor(job.queue)
  const fenced = and(eq(jobs.id, job.id), eq(jobs.lockToken, job.lockToken), isNull(jobs.completedAt))
  let completed = false
  const markDone = async (conn: Db) => {
    const done = await prepared(conn, 'complete_job', completeQuery).execute({ id: job.id, token: job.lockToken })
    if (done.length === 0) throw new LeaseLostError(job.id)
  }
  const complete = async (effect?: (tx: Db) => Promise<void>) => {
    // Without an effect the fenced UPDATE is one atomic statement: no transaction round trips.
    if (effect) {
      await db.transaction(async (tx) => {
        await markDone(tx)
        await effect(tx)
      })
    } else {
      await markDone(db)
    }
    completed = true
  }
  const completeInStatement = async <T>(write: (fence: SQL) => Promise<{ fenced: boolean; result: T }>) => {
    const fence = db
      .update(jobs)
      .set({ completedAt: sql`now()`, lockedUntil: null, lastError: null })
      .where(fenced)
      .returning({ id: jobs.id })
      .getSQL()
    const { fenced: matched, result } = await write(fence)
    if (!matched) throw new LeaseLostError(job.id)
    completed = true
    return result
  }
  try {
    if (!registered) throw new Error(`no handler for queue ${job.queue}`)
    const effectDone = Boolean((job.payload as { _effectDoneAt?: unknown } | null)?._effectDoneAt)
    await registered.handler(job.payload, {
      db,
      jobId: job.id,
      attempt: job.attempts,
      effectDone,
      complete,
      completeInStatement,
    })
    if (!completed) await complete()
  } catch (err) {
    if (err instanceof LeaseLostError) {
      log.warn({ jobId: job.id, queue: job.queue }, err.message)
      return
    }
    const retryLater = err instanceof RetryLaterError
    const delay = retryLater ? err.delayMs : backoffMs(job.attempts)
    const giveUp = !retryLater && job.attempts >= job.maxAttempts
    const message = err instanceof Error ? err.message : String(err)
    if (!retryLater) log.warn({ jobId: job.id, queue: job.queue, attempt: job.attempts, giveUp, err }, 'job failed')
    await db
      .update(jobs)
      .set({
        lockedUntil: null,
        lockToken: null,
        lastError: message.slice(0, 2000),
        runAt: sql`now() + ${delay}::int * interval '1 millisecond'`,
        // A "not yet" is not a failure: give the attempt back.
        attempts: retryLater ? sql`${jobs.attempts} - 1` : jobs.attempts,
        failedAt: giveUp ? sql`now()` : null,
      })
      .where(fenced)
      .catch((e: unknown) =>
        isConnectionError(e)
          ? markUnavailable(describeDbError(e)) // the lease runs out and the job comes back
          : log.error({ err: e, jobId: job.id }, 'could not record job failure'),
      )
  }
}

/**
 * Runs due jobs until none are left (tests and scripts). Jobs scheduled in the future are left
 * alone; `maxRounds` bounds a handler that keeps rescheduling itself.
 */
export async function drainJobs(db: Db, opts: { concurrency?: number; maxRounds?: number } = {}): Promise<number> {
  let total = 0
  for (let round = 0; round < (opts.maxRounds ?? 1000); round++) {
    const claimed = await claimJobs(db, opts.concurrency ?? 8)
    if (claimed.length === 0) return total
    await Promise.all(claimed.map((job) => runJob(db, job)))
    total += claimed.length
  }
  return total
}

/**
 * Which code runs a queue's jobs. Modules register their handlers at start-up (boot); a worker
 * only claims jobs of queues that have a handler in its process, so a queue whose handler is not
 * deployed yet simply waits.
 *
 * A handler may run more than once for one job (a worker can die after the effect but before
 * completion, or lose its lease): make effects idempotent, or write them inside `ctx.complete`,
 * which commits them in the same transaction that marks the job done, fenced by the claim token.
 */
import { config } from '../../../app.config'
import type { SQL } from 'drizzle-orm'
import type { Db } from '~/server/db/client'

export interface JobContext {
  db: Db
  jobId: number
  /** 1 on the first run. */
  attempt: number
  /** An earlier run recorded its external effect as done (the former onceForJob mark), as claimed. */
  effectDone: boolean
  /**
   * Marks the job done and runs `effect` in that same transaction. Throws LeaseLostError (and
   * rolls the effect back) when another worker has taken the job over in the meantime.
   */
  complete(effect?: (tx: Db) => Promise<void>): Promise<void>
  /**
   * `complete` for an effect that is one statement without a transaction around it: `write` puts
   * `fence` (the job's fenced completion, an UPDATE … RETURNING) in that statement as a CTE named
   * `fence`, makes each of its writes conditional on `exists (select 1 from fence)`, and returns
   * whether the fence matched. Throws LeaseLostError when it did not (then nothing was written).
   */
  completeInStatement<T>(write: (fence: SQL) => Promise<{ fenced: boolean; result: T }>): Promise<T>
}

export type JobHandler<P = unknown> = (payload: P, ctx: JobContext) => Promise<void>

export interface HandlerOptions {
  /** How long a claim lasts; a job still running after it may be claimed by another worker. */
  leaseMs?: number
}

interface Registered {
  handler: JobHandler
  leaseMs: number
}

const handlers = new Map<string, Registered>()

export const DEFAULT_LEASE_MS = 60_000

export function registerJobHandler<P>(queue: string, handler: JobHandler<P>, options: HandlerOptions = {}): void {
  handlers.set(queue, { handler: handler as JobHandler, leaseMs: options.leaseMs ?? DEFAULT_LEASE_MS })
}

export function handlerFor(queue: string): Registered | undefined {
  const registered = handlers.get(queue)
  const cap = config().JOB_LEASE_MAX_MS
  return registered && cap && registered.leaseMs > cap ? { ...registered, leaseMs: cap } : registered
}

export function registeredQueues(): string[] {
  return [...handlers.keys()]
}

/** Thrown by `ctx.complete` when the fencing token no longer matches (the job was re-claimed). */
export class LeaseLostError extends Error {
  constructor(jobId: number) {
    super(`job ${jobId}: lease lost to another worker`)
    this.name = 'LeaseLostError'
  }
}

/** Throw from a handler to run the job again later without counting a failed attempt. */
export class RetryLaterError extends Error {
  constructor(
    readonly delayMs: number,
    reason = 'not ready yet',
  ) {
    super(reason)
    this.name = 'RetryLaterError'
  }
}

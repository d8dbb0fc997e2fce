/**
 * Is the database there? The server listens before the database answers (a load balancer needs
 * /healthz at once), so every request asks this module first. One state for the process:
 * not ready (with a reason for /readyz) until boot has opened, migrated and seeded the database,
 * then ready; a connection failure later makes it not ready again until a probe succeeds.
 * Each change of state is logged once, as one line without a stack.
 */
import { log } from '~/server/log'

export type Readiness = { ready: true } | { ready: false; reason: string }

let state: Readiness = { ready: false, reason: 'starting' }
let recovering: Promise<void> | undefined
let probe: (() => Promise<void>) | undefined
let firstAttemptDone: () => void
/** Settles when the first attempt to reach the database has ended, either way. */
export const firstAttempt = new Promise<void>((resolve) => {
  firstAttemptDone = resolve
})

export function readinessState(): Readiness {
  return state
}

export function isReady(): boolean {
  return state.ready
}

/** Retry delays: quick at first (a database starting next to us), then every 5 s at most. */
export function retryDelayMs(attempt: number): number {
  return Math.min(5000, 250 * 2 ** attempt)
}

/** Connection-level failures (as opposed to a bad query): the database is away, not wrong. */
export function isConnectionError(error: unknown): boolean {
  for (const e of causes(error)) {
    const code = (e as { code?: unknown }).code
    if (typeof code === 'string' && /^(E[A-Z]+|08\w{3}|57P0[1-3]|53300)$/.test(code) && code !== 'EEXIST') return true
    const message = e instanceof Error ? e.message : ''
    if (/Connection terminated|connection timeout|Client has encountered a connection error/i.test(message)) return true
  }
  return false
}

/** One short line for /readyz and the log: "database unreachable: ECONNREFUSED 127.0.0.1:5999". */
export function describeDbError(error: unknown): string {
  for (const e of causes(error)) {
    const { code, address, port } = e as { code?: unknown; address?: unknown; port?: unknown }
    if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) {
      return `database unreachable: ${code}${address ? ` ${String(address)}${port ? `:${String(port)}` : ''}` : ''}`
    }
  }
  const last = causes(error).at(-1)
  const message = last instanceof Error ? last.message : String(last)
  return `${isConnectionError(error) ? 'database unreachable' : 'database not ready'}: ${message.split('\n')[0]!.slice(0, 200)}`
}

/** The error, its causes and, for AggregateError (localhost → ::1 and 127.0.0.1), its members. */
function causes(error: unknown): unknown[] {
  const out: unknown[] = []
  let current: unknown = error
  for (let i = 0; i < 8 && current !== undefined && current !== null; i++) {
    out.push(current)
    if (current instanceof AggregateError && current.errors.length > 0) out.push(...current.errors)
    current = (current as { cause?: unknown }).cause
  }
  return out
}

export function markReady(): void {
  if (state.ready) return
  state = { ready: true }
  log.info({}, 'database ready')
}

/** Records a failure; when it is a change of state, logs one line and starts probing for recovery. */
export function markUnavailable(reason: string): void {
  if (!state.ready && state.reason === reason) return
  const wasReady = state.ready
  state = { ready: false, reason }
  log.warn({}, reason)
  if (wasReady) void recover()
}

/** What boot registers: opens/migrates/seeds the first time, a `select 1` afterwards. */
export function setProbe(fn: () => Promise<void>): void {
  probe = fn
}

/**
 * Runs the probe until it succeeds, with backoff. Only one loop at a time; each failure updates
 * the reason (logged only when it changes).
 */
export function recover(): Promise<void> {
  recovering ??= (async () => {
    for (let attempt = 0; ; attempt++) {
      try {
        await probe?.()
        markReady()
        firstAttemptDone()
        return
      } catch (error) {
        markUnavailable(describeDbError(error))
        firstAttemptDone()
        await new Promise((resolve) => setTimeout(resolve, retryDelayMs(attempt)).unref())
      }
    }
  })().finally(() => {
    recovering = undefined
  })
  return recovering
}

/**
 * After a request failed: was it the database? A failing `select 1` says yes (and starts the
 * recovery loop); the request then answers 503 instead of 500.
 */
export async function databaseLost(error?: unknown): Promise<boolean> {
  if (!state.ready) return true
  if (error !== undefined && !isConnectionError(error)) return false
  try {
    await probe?.()
    return false
  } catch (probeError) {
    markUnavailable(describeDbError(probeError))
    return true
  }
}

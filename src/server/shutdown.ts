/**
 * The process is going away (SIGTERM, handled by server.mjs). From the first moment /readyz says
 * so, so the load balancer takes this instance out; long polls answer with what they have; the job
 * worker claims nothing more and has until the deadline to finish what it runs (what it cannot
 * finish goes back to the queue at once, ADR 093). The HTTP side (drain, then stop accepting,
 * then wait for requests in flight) is server.mjs's, which then closes the pool through shutdown().
 */
import { config } from '../../app.config'
import { stopJobWorker } from './jobs/runtime'
import { log } from './log'

const controller = new AbortController()

/** Aborted when shutdown begins: for waits that should answer now rather than be cut later. */
export const shutdownSignal: AbortSignal = controller.signal

export function shuttingDown(): boolean {
  return controller.signal.aborted
}

export interface ShutdownPlan {
  /** How long to keep serving (and accepting) while the load balancer notices /readyz. */
  drainMs: number
  /** Epoch ms by which everything must be done; requests still running then are cut. */
  deadline: number
  /** Settles once the job worker has finished its jobs or handed back what it could not finish. */
  jobsStopped: Promise<void>
}

/** Starts shutting down; a second call returns the first call's plan. */
export function beginShutdown(): ShutdownPlan {
  plan ??= start()
  return plan
}

let plan: ShutdownPlan | undefined

function start(): ShutdownPlan {
  const { SHUTDOWN_GRACE_MS, SHUTDOWN_DRAIN_MS } = config()
  const deadline = Date.now() + SHUTDOWN_GRACE_MS
  controller.abort()
  log.info({ graceMs: SHUTDOWN_GRACE_MS, drainMs: SHUTDOWN_DRAIN_MS }, 'shutting down: not ready any more')
  const jobsStopped = stopJobWorker(deadline).catch((err: unknown) =>
    log.error({ err }, 'job worker did not stop cleanly'),
  )
  return { drainMs: Math.min(SHUTDOWN_DRAIN_MS, SHUTDOWN_GRACE_MS), deadline, jobsStopped }
}

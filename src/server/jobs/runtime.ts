/** The process's job worker, started by boot() in every instance and stopped on shutdown. */
import { config } from '../../../app.config'
import type { Db } from '~/server/db/client'
import { log } from '~/server/log'
import { scheduleNightlyReconcile } from '~/modules/affiliate/jobs.server'
import { registerAppJobHandlers } from './handlers'
import { schedulePeriodicJobs } from './periodic'
import { JobWorker } from './worker'

let worker: JobWorker | undefined

export function startJobWorker(db: Db): void {
  registerAppJobHandlers()
  if (worker || !config().JOB_WORKER) return
  // Housekeeping runs are queued rows too; any instance with a worker may run them.
  schedulePeriodicJobs(db).catch((err: unknown) => log.warn({ err }, 'could not schedule periodic jobs'))
  scheduleNightlyReconcile(db).catch((err: unknown) => log.warn({ err }, 'could not schedule the reconciliation'))
  worker = new JobWorker(db, { concurrency: config().JOB_CONCURRENCY })
  worker.start()
}

/** With a deadline (epoch ms), jobs still running then go back to the queue (JobWorker.stop). */
export async function stopJobWorker(deadline?: number): Promise<void> {
  const w = worker
  worker = undefined
  await w?.stop(deadline)
}

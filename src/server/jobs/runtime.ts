/**
 * The process's job worker, started at boot in every instance (src/app/boot.ts) and stopped on
 * shutdown. Which handlers and recurring jobs exist is the composition root's business
 * (src/app/jobs.ts): this file knows none of them.
 */
import { config } from '../../../app.config'
import type { Db } from '~/server/db/client'
import { JobWorker } from './worker'

let worker: JobWorker | undefined

/** Starts the worker unless JOB_WORKER is off; `schedule` queues the recurring runs first. */
export function startJobWorker(db: Db, schedule: (db: Db) => void): void {
  if (worker || !config().JOB_WORKER) return
  schedule(db)
  worker = new JobWorker(db, { concurrency: config().JOB_CONCURRENCY })
  worker.start()
}

/** With a deadline (epoch ms), jobs still running then go back to the queue (JobWorker.stop). */
export async function stopJobWorker(deadline?: number): Promise<void> {
  const w = worker
  worker = undefined
  await w?.stop(deadline)
}

/** The process's job worker, started by boot() in every instance and stopped on shutdown. */
import { config } from '../../../app.config'
import type { Db } from '../db/client'
import { registerAppJobHandlers } from './handlers'
import { JobWorker } from './worker'

let worker: JobWorker | undefined

export function startJobWorker(db: Db): void {
  registerAppJobHandlers()
  if (worker || !config().JOB_WORKER) return
  worker = new JobWorker(db, { concurrency: config().JOB_CONCURRENCY })
  worker.start()
}

export async function stopJobWorker(): Promise<void> {
  const w = worker
  worker = undefined
  await w?.stop()
}

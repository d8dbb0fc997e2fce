/** Durable background jobs (see worker.ts for the claiming protocol, registry.ts for handlers). */
export { enqueue, type NewJob } from './queue'
export { registerJobHandler, LeaseLostError, RetryLaterError, type JobContext, type JobHandler } from './registry'
export { JobWorker, drainJobs } from './worker'

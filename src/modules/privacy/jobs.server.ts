/** The privacy module's queues: the data file's job, and the hourly closing of links and codes. */
import { registerJobHandler } from '~/server/jobs'
import { registerPeriodicJob } from '~/server/jobs/periodic'
import { log } from '~/server/log'
import { EXPORT_QUEUE, dataExportJob, expirePrivacyRequests, type ExportJobPayload } from './export.server'

export const PRIVACY_HOUSEKEEPING_QUEUE = 'privacy.expire'

export function registerPrivacyJobHandlers(): void {
  registerJobHandler<ExportJobPayload>(EXPORT_QUEUE, dataExportJob, { leaseMs: 5 * 60_000 })
  registerPeriodicJob(PRIVACY_HOUSEKEEPING_QUEUE, 60 * 60 * 1000, async (db) => {
    const expired = await expirePrivacyRequests(db)
    if (expired > 0) log.info({ expired }, 'privacy: expired links and codes closed')
  })
}

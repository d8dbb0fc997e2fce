/**
 * Every job handler of the app and every recurring job, in one list. A module names its own queues
 * and exports a `register…JobHandlers()`; add it here. Queues without a handler in a process are
 * left waiting, not failed (server/jobs/registry.ts).
 */
import { registerAffiliateJobHandlers, scheduleNightlyReconcile } from '~/modules/affiliate/jobs.server'
import { registerFulfilmentJobs } from '~/modules/fulfilment/supplier-balance.server'
import { registerOrderJobHandlers } from '~/modules/orders/order-jobs.server'
import { registerPaymentJobHandlers, registerPaymentReconcileJob } from '~/modules/payments/payment-jobs.server'
import { registerPrivacyJobHandlers } from '~/modules/privacy/jobs.server'
import { registerSearchJobs } from '~/modules/search/sales.server'
import type { Db } from '~/server/db/client'
import { schedulePeriodicJobs } from '~/server/jobs/periodic'
import { log } from '~/server/log'
import { registerAuthPurgeJob } from '~/server/oidc/purge'
import { registerSandboxGatewayJobs } from '~/server/payments/sandbox/webhook-delivery.server'

let registered = false

/** Once per process: by wireApp() (src/app/wiring.ts), which every entry point calls. */
export function registerAppJobHandlers(): void {
  if (registered) return
  registered = true
  registerOrderJobHandlers()
  registerPaymentJobHandlers()
  registerPaymentReconcileJob()
  registerSandboxGatewayJobs()
  registerAffiliateJobHandlers()
  registerAuthPurgeJob()
  registerSearchJobs()
  registerFulfilmentJobs()
  registerPrivacyJobHandlers()
}

/** The recurring runs (housekeeping, nightly reconciliation): queued rows any worker may run. */
export function scheduleAppJobs(db: Db): void {
  schedulePeriodicJobs(db).catch((err: unknown) => log.warn({ err }, 'could not schedule periodic jobs'))
  scheduleNightlyReconcile(db).catch((err: unknown) => log.warn({ err }, 'could not schedule the reconciliation'))
}

/**
 * Every job handler of the app, registered once per process by boot() (and by worker scripts).
 * Add a module's registration here; queues without a handler are left waiting, not failed.
 */
import { registerAffiliateJobHandlers } from '~/modules/affiliate/jobs.server'
import { registerOrderJobHandlers } from '~/modules/orders/order-jobs.server'
import { registerPaymentJobHandlers } from '~/modules/payments/payment-jobs.server'
import { registerSearchJobs } from '~/modules/search/sales.server'
import { registerAuthPurgeJob } from '~/server/oidc/purge'
import { registerSandboxGatewayJobs } from '~/server/payments/sandbox/webhook-delivery.server'

let registered = false

export function registerAppJobHandlers(): void {
  if (registered) return
  registered = true
  registerOrderJobHandlers()
  registerPaymentJobHandlers()
  registerSandboxGatewayJobs()
  registerAffiliateJobHandlers()
  registerAuthPurgeJob()
  registerSearchJobs()
}

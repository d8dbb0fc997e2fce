/**
 * The composition root's one call: connects the ports that modules declare to the adapters chosen
 * in adapters.ts and registers every job handler. Idempotent. Every entry point calls it before it
 * serves anything: the server entry (src/server.ts, so server.mjs, the dev server and the scripts
 * that start them), boot(), worker processes, and the test set-up (tests/wiring.ts).
 */
import { installSuppliers } from '~/modules/fulfilment/suppliers.server'
import { installPaymentGateways } from '~/modules/payments/gateways.server'
import { paymentGateways, suppliers } from './adapters'
import { registerAppJobHandlers } from './jobs'

let wired = false

export function wireApp(): void {
  if (wired) return
  wired = true
  installPaymentGateways(paymentGateways)
  installSuppliers(suppliers)
  registerAppJobHandlers()
}

/**
 * The configured fulfilment supplier, as payments/gateways.server.ts is for gateways: use cases ask
 * for one here and never construct one. Only the sandbox exists today; a real supplier plugs in here.
 */
import type { Db } from '~/server/db/client'
import { SANDBOX_SUPPLIER, sandboxSupplier } from '~/server/fulfilment/sandbox/supplier.server'
import { measureSupplierCall } from '~/server/metrics'
import type { Supplier } from './supplier'

export const DEFAULT_SUPPLIER = SANDBOX_SUPPLIER

export function supplierFor(db: Db, name: string = DEFAULT_SUPPLIER): Supplier {
  if (name === SANDBOX_SUPPLIER) {
    const supplier = sandboxSupplier(db)
    const deliverTopUp: Supplier['deliverTopUp'] = (request) =>
      measureSupplierCall(
        name,
        () => supplier.deliverTopUp(request),
        (d) => (d.status === 'failed' ? 'refused' : 'ok'),
      )
    return { ...supplier, deliverTopUp }
  }
  throw new Error(`unknown supplier ${name}`)
}

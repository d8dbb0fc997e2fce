/**
 * The one place that decides which adapter serves each port: payment gateways (which gateway takes
 * a payment method) and fulfilment suppliers. Adapters live under src/server (they implement the
 * ports declared in modules/payments/gateway.ts and modules/fulfilment/supplier.ts); use cases only
 * ever ask the port's registry (gateways.server.ts, suppliers.server.ts). To add a gateway or a
 * supplier: write its adapter, then name it here (chosen from configuration when it needs keys).
 */
import type { PaymentGateways } from '~/modules/payments/gateways.server'
import type { Suppliers } from '~/modules/fulfilment/suppliers.server'
import { SANDBOX_SUPPLIER, sandboxSupplier } from '~/server/fulfilment/sandbox/supplier.server'
import { SANDBOX_GATEWAY, sandboxGateway } from '~/server/payments/sandbox/gateway.server'
import { measureSupplierCall } from '~/server/metrics'
import type { Supplier, TopUpDelivery } from '~/modules/fulfilment/supplier'

export const paymentGateways: PaymentGateways = {
  // The embedded sandbox takes every method; a real gateway is chosen here per method.
  nameFor: () => SANDBOX_GATEWAY,
  byName: (db, name) => (name === SANDBOX_GATEWAY ? sandboxGateway(db) : undefined),
}

export const suppliers: Suppliers = {
  defaultName: SANDBOX_SUPPLIER,
  byName: (db, name) => (name === SANDBOX_SUPPLIER ? measuredInProcess(name, sandboxSupplier(db)) : undefined),
}

/**
 * The in-process sandbox makes no HTTP requests to count: each delivery is one supplier request
 * for the metrics (ADR 094). An HTTP adapter records each attempt itself (`supplierRequest`).
 */
function measuredInProcess(name: string, supplier: Supplier): Supplier {
  const outcome = (d: TopUpDelivery) => (d.status === 'failed' ? 'refused' : 'ok')
  return { ...supplier, deliverTopUp: (r) => measureSupplierCall(name, () => supplier.deliverTopUp(r), outcome) }
}

/**
 * The one place that decides which adapter serves each port: payment gateways (which gateway takes
 * a payment method) and fulfilment suppliers. Adapters live under src/server (they implement the
 * ports declared in modules/payments/gateway.ts and modules/fulfilment/supplier.ts); use cases only
 * ever ask the port's registry (gateways.server.ts, suppliers.server.ts). To add a gateway or a
 * supplier: write its adapter, then name it here (chosen from configuration when it needs keys).
 */
import { config } from '../../app.config'
import type { PaymentGateways } from '~/modules/payments/gateways.server'
import type { Suppliers } from '~/modules/fulfilment/suppliers.server'
import { SANDBOX_SUPPLIER, sandboxSupplier } from '~/server/fulfilment/sandbox/supplier.server'
import { SANDBOX_GATEWAY, sandboxGateway } from '~/server/payments/sandbox/gateway.server'
import { PAYPAL_GATEWAY, paypalGateway } from '~/server/payments/paypal/gateway.server'
import { measureSupplierCall } from '~/server/metrics'
import type { Supplier, TopUpDelivery } from '~/modules/fulfilment/supplier'
import { STRIPE_GATEWAY, stripeGateway } from '~/server/payments/stripe/gateway.server'

export const paymentGateways: PaymentGateways = {
  // The embedded sandbox by default; Stripe for cards and PayPal for the wallet when configured.
  nameFor: (method) => (method === 'card' ? config().PAYMENT_PROVIDER_CARD : config().PAYMENT_PROVIDER_WALLET),
  byName: (db, name) => {
    if (name === SANDBOX_GATEWAY) return sandboxGateway(db)
    if (name === STRIPE_GATEWAY) return stripeGateway()
    if (name === PAYPAL_GATEWAY) return paypalGateway()
    return undefined
  },
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

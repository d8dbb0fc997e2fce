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
import { breakerFor, createHttpSupplier, type HttpSupplier } from '~/server/fulfilment/http/supplier.server'
import { siteOrigin } from '~/server/http/origin'
import type { Db } from '~/server/db/client'

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

/**
 * With SUPPLIER_URL the supplier is reached over HTTP (production, and `npm start`, which runs the
 * sandbox service and sets it); without, the sandbox answers in process (`npm run dev`, the tests
 * that do not care about the network). ADR 099.
 */
export const suppliers: Suppliers = {
  get defaultName() {
    return config().SUPPLIER_URL ? config().SUPPLIER_NAME : SANDBOX_SUPPLIER
  },
  byName: (db, name) => {
    const cfg = config()
    if (cfg.SUPPLIER_URL && name === cfg.SUPPLIER_NAME) return httpSupplier(db)
    return name === SANDBOX_SUPPLIER ? measuredInProcess(name, sandboxSupplier(db)) : undefined
  },
}

/** The HTTP adapter of the configured supplier (one per settings, sharing the process's breaker). */
let http: { key: string; supplier: HttpSupplier } | undefined

export function httpSupplier(db: Db): HttpSupplier {
  const cfg = config()
  const key = JSON.stringify([cfg.SUPPLIER_URL, cfg.SUPPLIER_NAME, cfg.SUPPLIER_TIMEOUT_MS, cfg.SUPPLIER_RETRIES])
  if (http?.key !== key) {
    const name = cfg.SUPPLIER_NAME
    http = {
      key,
      supplier: createHttpSupplier({
        name,
        url: cfg.SUPPLIER_URL!,
        secret: cfg.SUPPLIER_SECRET!,
        callbackUrl: cfg.SUPPLIER_CALLBACK_URL ?? `${siteOrigin()}/api/fulfilment/callbacks/${name}`,
        timeoutMs: cfg.SUPPLIER_TIMEOUT_MS,
        retries: cfg.SUPPLIER_RETRIES,
        retryBaseMs: cfg.SUPPLIER_RETRY_BASE_MS,
        breaker: breakerFor(name, cfg.SUPPLIER_BREAKER_FAILURES, cfg.SUPPLIER_BREAKER_COOLDOWN_MS),
        // Protocol v1 has no player lookup: the check stays with the catalogue's rules.
        checkPlayer: (...args) => sandboxSupplier(db).checkPlayer(...args),
      }),
    }
  }
  return http.supplier
}

/**
 * The in-process sandbox makes no HTTP requests to count: each delivery is one supplier request
 * for the metrics (ADR 094). An HTTP adapter records each attempt itself (`supplierRequest`).
 */
function measuredInProcess(name: string, supplier: Supplier): Supplier {
  const outcome = (d: TopUpDelivery) => (d.status === 'failed' ? 'refused' : 'ok')
  return { ...supplier, deliverTopUp: (r) => measureSupplierCall(name, () => supplier.deliverTopUp(r), outcome) }
}

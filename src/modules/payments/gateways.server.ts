/**
 * The payment-gateway port's registry: use cases ask here for a gateway and never build one. Which
 * gateways this build has, and which one takes a payment method, is the composition root's choice
 * (src/app/adapters.ts), installed once per process by wireApp() before any request or job runs.
 */
import type { Db } from '~/server/db/client'
import type { PaymentGateway } from './gateway'
import type { PaymentMethod } from '~/modules/orders/payment-attempts'

export interface PaymentGateways {
  /** The gateway a new payment by `method` goes to (its name is recorded on the payment). */
  nameFor(method: PaymentMethod): string
  /** The gateway of that name, or undefined when this build has none by that name. */
  byName(db: Db, name: string): PaymentGateway | undefined
}

let installed: PaymentGateways | undefined

export function installPaymentGateways(gateways: PaymentGateways): void {
  installed = gateways
}

function installedGateways(): PaymentGateways {
  if (!installed) throw new Error('payment gateways are not wired: call wireApp() (src/app/wiring.ts) first')
  return installed
}

export function gatewayNameFor(method: PaymentMethod): string {
  return installedGateways().nameFor(method)
}

/** The gateway a payment row names (`payments.gateway`). */
export function paymentGateway(db: Db, name: string): PaymentGateway {
  const gateway = installedGateways().byName(db, name)
  if (!gateway) throw new Error(`unknown payment gateway ${name}`)
  return gateway
}

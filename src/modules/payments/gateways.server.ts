/**
 * The configured payment gateways: the embedded sandbox by default, Stripe for cards
 * (PAYMENT_PROVIDER_CARD=stripe) and PayPal for the wallet (PAYMENT_PROVIDER_WALLET=paypal). A
 * payment keeps the gateway it started with, so its refunds and webhooks find it after a change.
 */
import { config } from '../../../app.config'
import type { Db } from '~/server/db/client'
import { SANDBOX_GATEWAY, sandboxGateway } from '~/server/payments/sandbox/gateway.server'
import { STRIPE_GATEWAY, stripeGateway } from '~/server/payments/stripe/gateway.server'
import type { PaymentMethod } from '~/modules/orders/payment-attempts'
import type { PaymentGateway } from './gateway'

export const GATEWAY_NAMES = [SANDBOX_GATEWAY, STRIPE_GATEWAY] as const

export function paymentGateway(db: Db, name: string = SANDBOX_GATEWAY): PaymentGateway {
  if (name === SANDBOX_GATEWAY) return sandboxGateway(db)
  if (name === STRIPE_GATEWAY) return stripeGateway()
  throw new Error(`unknown payment gateway ${name}`)
}

/** The gateway new attempts of this method go to. */
export function gatewayForMethod(method: PaymentMethod): string {
  const c = config()
  return method === 'card' ? c.PAYMENT_PROVIDER_CARD : c.PAYMENT_PROVIDER_WALLET
}

export const DEFAULT_GATEWAY = SANDBOX_GATEWAY

/**
 * What the shop needs from a payment gateway. The built-in sandbox implements it; a real
 * provider would be another implementation behind the same interface (server-side only).
 */
import type { Locale } from '~/modules/i18n/locales'
import type { PaymentMethod } from '~/modules/orders/payment-attempts'

export interface CreateSessionInput {
  /** Our payment id: the gateway echoes it in every event, and creating twice returns the first. */
  reference: string
  method: PaymentMethod
  amountMinor: number
  currency: string
  /** Shown on the hosted page; the shop passes its order number. */
  description: string
  /** The shopper's language: hosted pages are shown in it, with its money format. */
  locale: Locale
  /** Where the gateway sends the shopper's browser when the attempt ends. */
  returnUrl: string
  /** Where the gateway posts signed events. */
  webhookUrl: string
}

export interface PaymentSession {
  externalId: string
  /** The hosted page the shopper pays on (card form or wallet approval). */
  redirectUrl: string
}

export const GATEWAY_EVENT_TYPES = [
  'payment.requires_action',
  'payment.captured',
  'payment.failed',
  'payment.cancelled',
  'payment.refunded',
] as const
export type GatewayEventType = (typeof GATEWAY_EVENT_TYPES)[number]

export interface GatewayEvent {
  id: string
  type: GatewayEventType
  reference: string
  externalId: string
  amountMinor: number
  currency: string
  failureCode?: string
  /** `payment.refunded`: the merchant's idempotency key of the refund this event reports. */
  refundKey?: string
  createdAt: string
}

/** The gateway refused a refund for good (e.g. more than is left of the capture): do not retry. */
export class RefundRefusedError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message)
    this.name = 'RefundRefusedError'
  }
}

export interface PaymentGateway {
  readonly name: string
  createSession(input: CreateSessionInput): Promise<PaymentSession>
  /**
   * Gives `amountMinor` of a captured payment back, all of it or a part (several partial refunds
   * may follow each other). Idempotent per `idempotencyKey`: asking twice gives the money back
   * once. Throws RefundRefusedError when the gateway will never accept it.
   */
  refund(input: { externalId: string; amountMinor: number; idempotencyKey: string }): Promise<void>
}

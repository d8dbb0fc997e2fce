/**
 * What the shop needs from a payment gateway: the embedded sandbox, Stripe (cards and local
 * methods) and PayPal (wallet) implement it, server-side only (src/server/payments/*).
 */
import type { Locale } from '~/modules/i18n/locales'
import type { PaymentMethod } from '~/modules/orders/payment-attempts'

export interface CreateSessionInput {
  /**
   * Our payment id (the attempt): the gateway echoes it in every event, and creating twice returns
   * the first (real providers: it is the idempotency key of the creating call).
   */
  reference: string
  /** Our order id (Stripe's client_reference_id, PayPal's custom_id). */
  orderId: string
  method: PaymentMethod
  amountMinor: number
  currency: string
  /** Shown on the hosted page; the shop passes its order number. */
  description: string
  /** The shopper's language: hosted pages are shown in it, with its money format. */
  locale: Locale
  /** What is bought, for the provider's page and receipts: "Game — package" per line. */
  lines: string[]
  /** Our result page: where the gateway sends the shopper's browser when the attempt ends. */
  returnUrl: string
  /** Our return door for an approval the shop must still act on (PayPal: capture on return). */
  confirmUrl: string
  /** Our return door for a shopper who gave up on the provider's page. */
  cancelUrl: string
  /** When the order stops being payable: the provider's page should close by then. */
  expiresAt: Date | null
  /** Where the gateway posts signed events. */
  webhookUrl: string
  /** When the attempt began: retries of one attempt send the provider the very same request. */
  startedAt: Date
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
  'payment.refund_failed',
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
  /** `payment.refunded` / `payment.refund_failed`: the merchant's idempotency key of the refund this event reports. */
  refundKey?: string
  /** `payment.captured`: the provider's id of the money taken (Stripe PaymentIntent, PayPal capture). */
  captureId?: string
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

/**
 * The provider could not be reached or failed on its side (timeout, connection, 5xx): the attempt
 * stays open and a retry asks again with the same idempotency key.
 */
export class GatewayUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'GatewayUnavailableError'
  }
}

export interface RefundInput {
  /** Our payment id (echoed in the refund's events). */
  reference: string
  externalId: string
  /** The provider's id of the captured money (GatewayEvent.captureId), when it has one. */
  captureId: string | null
  amountMinor: number
  currency: string
  idempotencyKey: string
}

/** `settled`: the money is on its way back now; `pending`: the provider's webhook will say. */
export type RefundOutcome = 'settled' | 'pending'

export interface WebhookDelivery {
  headers: Headers
  rawBody: string
}

/** The shopper came back from the provider's page through our return door. */
export interface ProviderReturn {
  paymentId: string
  externalId: string
  amountMinor: number
  currency: string
  outcome: 'success' | 'cancel'
}

/** One payment as the provider recorded it (reconciliation). */
export interface ProviderPayment {
  /** The provider's id of the attempt (our `payments.external_id`: Stripe's Checkout Session). */
  externalId: string
  /** Our payment id, when the provider's record carries it (metadata). */
  reference: string | null
  amountMinor: number
  currency: string
  /** The money was taken. */
  paid: boolean
}

/** One refund as the provider recorded it (reconciliation). */
export interface ProviderRefund {
  id: string
  /** Our refund's idempotency key (`refund:<id>`), when the provider's record carries it. */
  refundKey: string | null
  amountMinor: number
  currency: string
  succeeded: boolean
}

/** What the provider recorded in a time range: attempts started and refunds made in it. */
export interface ProviderRecords {
  payments: ProviderPayment[]
  refunds: ProviderRefund[]
}

export interface PaymentGateway {
  readonly name: string
  /** Its page lists what is bought (CreateSessionInput.lines); else the shop skips reading them. */
  readonly listsLines?: boolean
  createSession(input: CreateSessionInput): Promise<PaymentSession>
  /**
   * Gives `amountMinor` of a captured payment back, all of it or a part (several partial refunds
   * may follow each other). Idempotent per `idempotencyKey`: asking twice gives the money back
   * once. Throws RefundRefusedError when the gateway will never accept it.
   */
  refund(input: RefundInput): Promise<RefundOutcome>
  /**
   * Verifies one webhook delivery as the provider signs it and maps it to our events (none for an
   * event type we do not use). Throws AppError INVALID_INPUT for a bad, missing or stale signature.
   * Absent: the sandbox's own HMAC scheme (webhook.server.ts).
   */
  parseWebhook?(delivery: WebhookDelivery): Promise<GatewayEvent[]>
  /**
   * What the provider says when the shopper comes back (PayPal: capture the approved order; Stripe:
   * close a session given up on). Null when only the webhook will tell.
   */
  onReturn?(back: ProviderReturn): Promise<GatewayEvent | null>
  /**
   * The provider's own records of [from, to) for the daily reconciliation, and lookups for what it
   * did not list (made just across the boundary). Absent: the gateway keeps no records of its own
   * (the sandbox's are our rows).
   */
  records?: {
    inRange(from: Date, to: Date): Promise<ProviderRecords>
    payment(externalId: string): Promise<ProviderPayment | null>
    refundsOf(captureId: string): Promise<ProviderRefund[]>
  }
}

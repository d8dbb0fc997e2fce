/**
 * Stripe Checkout behind the PaymentGateway port: one Checkout Session per payment attempt (its
 * creation keyed by the attempt, so a retried start never makes a second session), refunds keyed
 * by our refund id, webhooks verified with the SDK's constructEvent. Server-only.
 */
import { Stripe } from 'stripe'
import { config } from '../../../../app.config'
import { AppError } from '~/modules/errors/app-error'
import {
  GatewayUnavailableError,
  RefundRefusedError,
  type CreateSessionInput,
  type GatewayEvent,
  type PaymentGateway,
  type PaymentSession,
  type ProviderPayment,
  type ProviderRecords,
  type ProviderRefund,
  type ProviderReturn,
  type RefundInput,
  type RefundOutcome,
  type WebhookDelivery,
} from '~/modules/payments/gateway'
import { STRIPE_GATEWAY, isStripeUnavailable, stripeCall, stripeClient } from './client.server'
import { toGatewayEvents } from './events'

export { STRIPE_GATEWAY }

/** Stripe refuses signatures older than this (and the SDK's default): replays are stale. */
export const STRIPE_WEBHOOK_TOLERANCE_SECONDS = 300
/** A Checkout Session lives at least 30 minutes (Stripe's minimum); margin for retries of the start. */
const MIN_SESSION_MS = 60 * 60_000
const MAX_SESSION_MS = 24 * 60 * 60_000

export function stripeGateway(): PaymentGateway {
  return {
    name: STRIPE_GATEWAY,
    listsLines: true,
    createSession,
    refund,
    parseWebhook,
    onReturn,
    records: { inRange, payment: sessionRecord, refundsOf },
  }
}

/** Card always; the local methods configured for the currency (STRIPE_PAYMENT_METHODS) beside it. */
export function stripeMethodsFor(currency: string): string[] {
  return config().STRIPE_PAYMENT_METHODS[currency] ?? ['card']
}

/**
 * When the session closes: the order's payment window, but never under Stripe's minimum. Counted
 * from the attempt's start, so every retry of the same attempt sends the same value (Stripe
 * refuses a reused Idempotency-Key with other parameters).
 */
export function sessionExpiry(orderExpiresAt: Date | null, startedAt: Date): number {
  const start = startedAt.getTime()
  const wanted = orderExpiresAt?.getTime() ?? start + MAX_SESSION_MS
  return Math.floor(Math.min(Math.max(wanted, start + MIN_SESSION_MS), start + MAX_SESSION_MS) / 1000)
}

async function createSession(input: CreateSessionInput): Promise<PaymentSession> {
  const ids = { order_id: input.orderId, payment_id: input.reference }
  const params: Stripe.Checkout.SessionCreateParams = {
    mode: 'payment',
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: input.currency.toLowerCase(),
          unit_amount: input.amountMinor,
          product_data: {
            name: input.description,
            ...(input.lines.length > 0 ? { description: input.lines.join(', ').slice(0, 500) } : {}),
          },
        },
      },
    ],
    client_reference_id: input.orderId,
    metadata: ids,
    // On the PaymentIntent too, so its charges and refunds lead back to the attempt.
    payment_intent_data: { metadata: ids },
    // Stripe puts the session id in place of the literal {CHECKOUT_SESSION_ID}: not URL-encoded.
    success_url: `${input.returnUrl}${input.returnUrl.includes('?') ? '&' : '?'}session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: input.cancelUrl,
    expires_at: sessionExpiry(input.expiresAt, input.startedAt),
    locale: input.locale,
    // The SDK's API version replaced payment_method_types with this list (ADR 103).
    allowed_payment_method_types: stripeMethodsFor(input.currency),
  }
  try {
    const session = await stripeCall('checkout.sessions.create', () =>
      stripeClient().checkout.sessions.create(params, { idempotencyKey: `checkout:${input.reference}` }),
    )
    if (!session.url) throw new Error(`Stripe session ${session.id} has no url`)
    return { externalId: session.id, redirectUrl: session.url }
  } catch (err) {
    throw unavailableOr(err)
  }
}

async function refund(input: RefundInput): Promise<RefundOutcome> {
  if (!input.captureId) {
    throw new RefundRefusedError('no_capture', `stripe: payment ${input.reference} has no PaymentIntent`)
  }
  try {
    const result = await stripeCall('refunds.create', () =>
      stripeClient().refunds.create(
        {
          payment_intent: input.captureId!,
          amount: input.amountMinor,
          metadata: { refund_key: input.idempotencyKey, payment_id: input.reference },
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    )
    if (result.status === 'failed' || result.status === 'canceled') {
      throw new RefundRefusedError(
        result.failure_reason ?? result.status,
        `stripe: refund ${result.id} ${result.status}`,
      )
    }
    return result.status === 'succeeded' ? 'settled' : 'pending'
  } catch (err) {
    // A 4xx (more than is left, an unknown PaymentIntent, a reused key) will never pass: staff decide.
    if (err instanceof Stripe.errors.StripeError && !isStripeUnavailable(err)) {
      throw new RefundRefusedError(err.code ?? err.type, `stripe: ${err.message}`)
    }
    throw err
  }
}

async function parseWebhook({ headers, rawBody }: WebhookDelivery): Promise<GatewayEvent[]> {
  const secret = config().STRIPE_WEBHOOK_SECRET
  // A shop that does not take Stripe has no such endpoint: a stray or probing POST is a 404, not a 500.
  if (!secret) throw new AppError('NOT_FOUND', 'Stripe is not configured on this shop')
  let event: Stripe.Event
  try {
    event = stripeClient().webhooks.constructEvent(
      rawBody,
      headers.get('stripe-signature') ?? '',
      secret,
      STRIPE_WEBHOOK_TOLERANCE_SECONDS,
    )
  } catch (err) {
    throw new AppError('INVALID_INPUT', 'Stripe webhook signature is missing, wrong or stale', {
      issues: [{ path: 'stripe-signature', message: 'WEBHOOK_SIGNATURE_INVALID' }],
      cause: err,
    })
  }
  return toGatewayEvents(event, async (paymentIntent) => {
    const list = await stripeCall('refunds.list', () =>
      stripeClient().refunds.list({ payment_intent: paymentIntent, limit: 100 }),
    )
    return list.data
  })
}

/**
 * The shopper gave up on Stripe's page (cancel_url): the session is expired at once, so it can no
 * longer be paid and the attempt ends now rather than when the session would have. A session that
 * was paid meanwhile cannot be expired: then the webhook tells.
 */
async function onReturn(back: ProviderReturn): Promise<GatewayEvent | null> {
  if (back.outcome !== 'cancel') return null
  try {
    const session = await stripeCall('checkout.sessions.expire', () =>
      stripeClient().checkout.sessions.expire(back.externalId),
    )
    return {
      id: `return:${session.id}`,
      type: 'payment.cancelled',
      reference: back.paymentId,
      externalId: session.id,
      amountMinor: session.amount_total ?? back.amountMinor,
      currency: (session.currency ?? back.currency).toUpperCase(),
      failureCode: 'cancelled_by_payer',
      createdAt: new Date().toISOString(),
    }
  } catch (err) {
    if (err instanceof Stripe.errors.StripeInvalidRequestError) return null
    throw unavailableOr(err)
  }
}

/** A page of Stripe's lists at a time (its maximum), followed by the SDK's auto-pagination. */
const LIST_PAGE = 100

/** The Checkout Sessions created and the refunds made in [from, to): Stripe's `created[gte|lt]`. */
async function inRange(from: Date, to: Date): Promise<ProviderRecords> {
  const created = { gte: Math.floor(from.getTime() / 1000), lt: Math.floor(to.getTime() / 1000) }
  const client = stripeClient()
  const [sessions, refunds] = await unavailableIfDown(() =>
    Promise.all([
      stripeCall('checkout.sessions.list', () =>
        client.checkout.sessions.list({ created, limit: LIST_PAGE }).autoPagingToArray({ limit: 10_000 }),
      ),
      stripeCall('refunds.list', () =>
        client.refunds.list({ created, limit: LIST_PAGE }).autoPagingToArray({ limit: 10_000 }),
      ),
    ]),
  )
  return { payments: sessions.map(toPayment), refunds: refunds.map(toRefund) }
}

async function sessionRecord(externalId: string): Promise<ProviderPayment | null> {
  try {
    return toPayment(
      await stripeCall('checkout.sessions.retrieve', () => stripeClient().checkout.sessions.retrieve(externalId)),
    )
  } catch (err) {
    if (err instanceof Stripe.errors.StripeInvalidRequestError && err.statusCode === 404) return null
    throw unavailableOr(err)
  }
}

async function refundsOf(captureId: string): Promise<ProviderRefund[]> {
  const list = await unavailableIfDown(() =>
    stripeCall('refunds.list', () =>
      stripeClient().refunds.list({ payment_intent: captureId, limit: LIST_PAGE }).autoPagingToArray({ limit: 1_000 }),
    ),
  )
  return list.map(toRefund)
}

function toPayment(session: Stripe.Checkout.Session): ProviderPayment {
  return {
    externalId: session.id,
    reference: session.metadata?.payment_id ?? null,
    amountMinor: session.amount_total ?? 0,
    currency: (session.currency ?? '').toUpperCase(),
    paid: session.payment_status === 'paid',
  }
}

function toRefund(made: Stripe.Refund): ProviderRefund {
  return {
    id: made.id,
    refundKey: made.metadata?.refund_key ?? null,
    amountMinor: made.amount,
    currency: made.currency.toUpperCase(),
    succeeded: made.status === 'succeeded',
  }
}

async function unavailableIfDown<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call()
  } catch (err) {
    throw unavailableOr(err)
  }
}

function unavailableOr(err: unknown): unknown {
  return isStripeUnavailable(err) ? new GatewayUnavailableError('Stripe is unavailable', { cause: err }) : err
}

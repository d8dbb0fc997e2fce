/**
 * Stripe's webhook events in our words (GatewayEvent), pure: Checkout Session events carry our
 * payment id in `metadata.payment_id`; a refund's key is in the refund's `metadata.refund_key`
 * (`charge.refunded` for the refunds that succeeded, `refund.failed` for one the bank refused later).
 * Events we do not use map to nothing (Stripe is told 200 and stops sending them).
 */
import type { Stripe } from 'stripe'
import type { GatewayEvent } from '~/modules/payments/gateway'

/** The refunds of a PaymentIntent, as listed from Stripe when it says `charge.refunded`. */
export type RefundLister = (paymentIntent: string) => Promise<Stripe.Refund[]>

export async function toGatewayEvents(event: Stripe.Event, listRefunds: RefundLister): Promise<GatewayEvent[]> {
  const createdAt = new Date(event.created * 1000).toISOString()
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object
      // Paid now (cards) or later (boleto, some bank methods): the async events say how it ends.
      if (session.payment_status === 'paid') return [sessionEvent(event, session, 'payment.captured', createdAt)]
      if (session.payment_status === 'unpaid')
        return [sessionEvent(event, session, 'payment.requires_action', createdAt)]
      return []
    }
    case 'checkout.session.async_payment_succeeded':
      return [sessionEvent(event, event.data.object, 'payment.captured', createdAt)]
    case 'checkout.session.async_payment_failed':
      return [sessionEvent(event, event.data.object, 'payment.failed', createdAt, 'async_payment_failed')]
    case 'checkout.session.expired':
      return [sessionEvent(event, event.data.object, 'payment.cancelled', createdAt, 'session_expired')]
    case 'charge.refunded':
      return refundEvents(event, event.data.object, listRefunds, createdAt)
    case 'refund.failed':
      return [refundFailedEvent(event, event.data.object, createdAt)]
    default:
      return []
  }
}

function sessionEvent(
  event: Stripe.Event,
  session: Stripe.Checkout.Session,
  type: GatewayEvent['type'],
  createdAt: string,
  failureCode?: string,
): GatewayEvent {
  const captureId = idOf(session.payment_intent)
  return {
    id: event.id,
    type,
    reference: session.metadata?.payment_id ?? '',
    externalId: session.id,
    amountMinor: session.amount_total ?? 0,
    currency: (session.currency ?? '').toUpperCase(),
    ...(failureCode ? { failureCode } : {}),
    ...(type === 'payment.captured' && captureId ? { captureId } : {}),
    createdAt,
  }
}

/**
 * `charge.refunded` names the charge, not the refund (its `refunds` list is not sent any more):
 * the PaymentIntent's refunds are listed, and each one that succeeded is reported by its own key.
 * Applying one twice settles nothing twice (refunds.server.ts).
 */
async function refundEvents(
  event: Stripe.Event,
  charge: Stripe.Charge,
  listRefunds: RefundLister,
  createdAt: string,
): Promise<GatewayEvent[]> {
  const paymentIntent = idOf(charge.payment_intent)
  if (!paymentIntent) return []
  const refunds = await listRefunds(paymentIntent)
  return refunds
    .filter((r) => r.status === 'succeeded')
    .map((r) => ({
      id: `${event.id}:${r.id}`,
      type: 'payment.refunded' as const,
      reference: r.metadata?.payment_id ?? '',
      externalId: paymentIntent,
      amountMinor: r.amount,
      currency: r.currency.toUpperCase(),
      ...(r.metadata?.refund_key ? { refundKey: r.metadata.refund_key } : {}),
      createdAt,
    }))
}

/** A refund Stripe first answered `pending` was refused by the bank (`failure_reason` says why). */
function refundFailedEvent(event: Stripe.Event, refund: Stripe.Refund, createdAt: string): GatewayEvent {
  return {
    id: event.id,
    type: 'payment.refund_failed',
    reference: refund.metadata?.payment_id ?? '',
    externalId: idOf(refund.payment_intent) ?? refund.id,
    amountMinor: refund.amount,
    currency: refund.currency.toUpperCase(),
    failureCode: refund.failure_reason ?? 'refund_failed',
    ...(refund.metadata?.refund_key ? { refundKey: refund.metadata.refund_key } : {}),
    createdAt,
  }
}

function idOf(value: string | { id: string } | null | undefined): string | undefined {
  if (!value) return undefined
  return typeof value === 'string' ? value : value.id
}

/**
 * PayPal (the wallet) behind the PaymentGateway port, through the official SDK: an Orders v2
 * order (intent CAPTURE) per attempt, the shopper sent to its approval link, the capture made when
 * they come back (our return door), webhooks verified by PayPal's verify-webhook-signature call,
 * refunds by capture. Every POST carries a PayPal-Request-Id derived from the attempt or refund.
 */
import {
  ApiError,
  CheckoutPaymentIntent,
  PaypalExperienceUserAction,
  PaypalWalletContextShippingPreference,
  type Order,
} from '@paypal/paypal-server-sdk'
import { config } from '../../../../app.config'
import { AppError } from '~/modules/errors/app-error'
import { decimalToMinor, toDecimalString } from '~/modules/catalog/money'
import { LOCALE_TAGS } from '~/modules/i18n/locales'
import {
  GatewayUnavailableError,
  RefundRefusedError,
  type CreateSessionInput,
  type GatewayEvent,
  type PaymentGateway,
  type PaymentSession,
  type ProviderReturn,
  type RefundInput,
  type RefundOutcome,
  type WebhookDelivery,
} from '~/modules/payments/gateway'
import { PAYPAL_GATEWAY, isPayPalUnavailable, issueOf, paypalApi, paypalCall } from './client.server'
import { paypalEventSchema, toGatewayEvents } from './events'

export { PAYPAL_GATEWAY }

/** Deliveries older than this are refused as replays (PayPal's verification does not look at the age). */
export const PAYPAL_WEBHOOK_TOLERANCE_SECONDS = 300

export function paypalGateway(): PaymentGateway {
  return { name: PAYPAL_GATEWAY, listsLines: true, createSession, refund, parseWebhook, onReturn }
}

async function createSession(input: CreateSessionInput): Promise<PaymentSession> {
  const description = [input.description, ...input.lines].join(' · ').slice(0, 127)
  try {
    const { result: order } = await paypalCall('orders.create', () =>
      paypalApi().orders.createOrder({
        body: {
          intent: CheckoutPaymentIntent.Capture,
          purchaseUnits: [
            {
              referenceId: input.reference,
              customId: input.orderId,
              invoiceId: input.reference,
              description,
              amount: { currencyCode: input.currency, value: toDecimalString(input.amountMinor, input.currency) },
            },
          ],
          paymentSource: {
            paypal: {
              experienceContext: {
                returnUrl: input.confirmUrl,
                cancelUrl: input.cancelUrl,
                locale: LOCALE_TAGS[input.locale],
                userAction: PaypalExperienceUserAction.PayNow,
                shippingPreference: PaypalWalletContextShippingPreference.NoShipping,
              },
            },
          },
        },
        paypalRequestId: `order:${input.reference}`,
        prefer: 'return=representation',
      }),
    )
    const approve = order.links?.find((l) => l.rel === 'payer-action' || l.rel === 'approve')
    if (!order.id || !approve) throw new Error('PayPal order has no approval link')
    return { externalId: order.id, redirectUrl: approve.href }
  } catch (err) {
    throw isPayPalUnavailable(err) && !(err instanceof Error && err.message.includes('approval link'))
      ? new GatewayUnavailableError('PayPal is unavailable', { cause: err })
      : err
  }
}

/**
 * The shopper approved (or gave up) on PayPal: an approved order is captured now (keyed by the
 * attempt, so a second return captures nothing twice); an order not approved stays open.
 */
async function onReturn(back: ProviderReturn): Promise<GatewayEvent | null> {
  if (back.outcome === 'cancel') {
    return {
      id: `return-cancel:${back.externalId}`,
      type: 'payment.cancelled',
      reference: back.paymentId,
      externalId: back.externalId,
      amountMinor: back.amountMinor,
      currency: back.currency,
      failureCode: 'cancelled_by_payer',
      createdAt: new Date().toISOString(),
    }
  }
  let order: Order
  try {
    ;({ result: order } = await paypalCall('orders.capture', () =>
      paypalApi().orders.captureOrder({
        id: back.externalId,
        paypalRequestId: `capture:${back.paymentId}`,
        prefer: 'return=representation',
      }),
    ))
  } catch (err) {
    if (!(err instanceof ApiError) || isPayPalUnavailable(err)) throw err
    // Not approved (the shopper came back another way) or captured already: PayPal's word on the order.
    ;({ result: order } = await paypalCall('orders.get', () => paypalApi().orders.getOrder({ id: back.externalId })))
  }
  return captureEvent(back, order)
}

function captureEvent(back: ProviderReturn, order: Order): GatewayEvent | null {
  const capture = order.purchaseUnits?.[0]?.payments?.captures?.[0]
  if (!capture?.id || !capture.amount) return null
  const currency = capture.amount.currencyCode.toUpperCase()
  const amountMinor = decimalToMinor(capture.amount.value, currency)
  if (amountMinor === undefined) return null
  const base = {
    id: `capture:${capture.id}:${capture.status ?? ''}`,
    reference: back.paymentId,
    externalId: back.externalId,
    amountMinor,
    currency,
    createdAt: new Date().toISOString(),
  }
  if (capture.status === 'COMPLETED') return { ...base, type: 'payment.captured', captureId: capture.id }
  if (capture.status === 'PENDING') return { ...base, type: 'payment.requires_action' }
  if (capture.status === 'DECLINED' || capture.status === 'FAILED') {
    return { ...base, type: 'payment.failed', failureCode: 'payment_denied' }
  }
  return null
}

async function refund(input: RefundInput): Promise<RefundOutcome> {
  if (!input.captureId) throw new RefundRefusedError('no_capture', `paypal: payment ${input.reference} has no capture`)
  try {
    const { result } = await paypalCall('captures.refund', () =>
      paypalApi().payments.refundCapturedPayment({
        captureId: input.captureId!,
        paypalRequestId: input.idempotencyKey,
        prefer: 'return=representation',
        body: {
          amount: { currencyCode: input.currency, value: toDecimalString(input.amountMinor, input.currency) },
          customId: input.idempotencyKey,
          invoiceId: input.reference,
        },
      }),
    )
    if (result.status === 'FAILED' || result.status === 'CANCELLED') {
      throw new RefundRefusedError(result.status.toLowerCase(), `paypal: refund ${result.id} ${result.status}`)
    }
    return result.status === 'COMPLETED' ? 'settled' : 'pending'
  } catch (err) {
    if (err instanceof ApiError && !isPayPalUnavailable(err)) {
      throw new RefundRefusedError(issueOf(err), `paypal: refund refused (${err.statusCode})`)
    }
    throw err
  }
}

const SIGNATURE_HEADERS = [
  'paypal-auth-algo',
  'paypal-cert-url',
  'paypal-transmission-id',
  'paypal-transmission-sig',
  'paypal-transmission-time',
] as const

/**
 * PayPal signs with a certificate; it verifies its own signatures for us: the delivery's headers
 * and event go to POST /v1/notifications/verify-webhook-signature with our webhook id (PAYPAL_WEBHOOK_ID).
 * That call is not in the SDK: it goes through the SDK's request builder (same OAuth token, host).
 */
async function parseWebhook({ headers, rawBody }: WebhookDelivery): Promise<GatewayEvent[]> {
  const refuse = (why: string) =>
    new AppError('INVALID_INPUT', `PayPal webhook ${why}`, {
      issues: [{ path: 'paypal-transmission-sig', message: 'WEBHOOK_SIGNATURE_INVALID' }],
    })
  const values = SIGNATURE_HEADERS.map((h) => headers.get(h))
  if (values.some((v) => !v)) throw refuse('signature headers are missing')
  const [authAlgo, certUrl, transmissionId, transmissionSig, transmissionTime] = values as string[]
  const sent = Date.parse(transmissionTime!)
  if (!Number.isFinite(sent) || Math.abs(Date.now() - sent) > PAYPAL_WEBHOOK_TOLERANCE_SECONDS * 1000) {
    throw refuse('is stale')
  }
  let event: unknown
  try {
    event = JSON.parse(rawBody)
  } catch {
    throw refuse('body is not JSON')
  }
  const verified = await verifySignature({
    auth_algo: authAlgo,
    cert_url: certUrl,
    transmission_id: transmissionId,
    transmission_sig: transmissionSig,
    transmission_time: transmissionTime,
    webhook_id: config().PAYPAL_WEBHOOK_ID,
    webhook_event: event,
  })
  if (!verified) throw refuse('signature does not verify')
  const parsed = paypalEventSchema.safeParse(event)
  return parsed.success ? toGatewayEvents(parsed.data) : []
}

async function verifySignature(body: Record<string, unknown>): Promise<boolean> {
  const response = await paypalCall('notifications.verify-webhook-signature', () => {
    const request = paypalApi().client.getRequestBuilderFactory()('POST', '/v1/notifications/verify-webhook-signature')
    request.header('Content-Type', 'application/json')
    request.json(body)
    request.authenticate([{ oauth2: true }])
    return request.callAsText()
  })
  try {
    return (JSON.parse(response.result) as { verification_status?: string }).verification_status === 'SUCCESS'
  } catch {
    return false
  }
}

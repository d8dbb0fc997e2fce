/**
 * Applying gateway events. Safe against everything a webhook sender does: duplicates (the event
 * id is inserted first, on conflict do nothing, in the same transaction as its effect), any
 * order (payment statuses only move up, see payment-status.ts), and forgery (each provider's
 * signature scheme with a 300 s window, checked before anything is read or written).
 */
import { and, eq, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '~/server/db/client'
import { payments, refunds, webhookEvents } from '~/server/db/schema'
import { afterCommit } from '~/server/db/after-commit'
import { log } from '~/server/log'
import { paymentSettled, webhookApplied } from '~/server/metrics'
import { AppError } from '~/modules/errors/app-error'
import { isPayable } from '~/modules/orders/order-status'
import { failRefund, requestRefund, settleRefund } from '~/modules/orders/refunds.server'
import { moveOrder } from '~/modules/orders/move-order.server'
import { lockOrderOfPayment, type LockedOrder } from '~/modules/orders/order-lock.server'
import { noteOrderEvent } from '~/modules/orders/timeline.server'
import { holdCredit } from '~/modules/store-credit/holds.server'
import { releaseCreditOfEndedAttempt } from './credit-release.server'
import { announceStatusChange } from '~/modules/orders/status-wait.server'
import { GATEWAY_EVENT_TYPES, type GatewayEvent, type GatewayEventType } from './gateway'
import { PAYMENT_STATUSES, type PaymentStatus } from '~/modules/orders/payment-attempts'
import { nextPaymentStatus } from '~/modules/orders/payment-status'
import { paymentGateway } from './gateways.server'
import { webhookSecret } from './webhook-secret.server'
import { SIGNATURE_HEADER, TIMESTAMP_HEADER, verifySignature } from './webhook-signature.server'

const eventSchema = z.object({
  id: z.string().min(1).max(100),
  type: z.enum(GATEWAY_EVENT_TYPES),
  reference: z.string().max(100),
  externalId: z.string().max(100),
  amountMinor: z.number().int().nonnegative(),
  currency: z.string().regex(/^[A-Z]{3}$/),
  failureCode: z.string().max(64).optional(),
  refundKey: z.string().max(100).optional(),
  captureId: z.string().max(100).optional(),
  createdAt: z.string(),
})

/** A refund that failed at the bank moves no payment: it is not in this table. */
const STATUS_OF: Record<Exclude<GatewayEventType, 'payment.refund_failed'>, PaymentStatus> = {
  'payment.requires_action': 'requires_action',
  'payment.captured': 'succeeded',
  'payment.failed': 'failed',
  'payment.cancelled': 'cancelled',
  'payment.refunded': 'refunded',
}

export type WebhookOutcome = 'applied' | 'duplicate' | 'unchanged' | 'ignored'

/**
 * Verifies and applies one delivery. A provider's own scheme (Stripe, PayPal) refuses a bad or
 * stale signature with INVALID_INPUT (400); the sandbox's with UNAUTHENTICATED.
 */
export async function receiveWebhook(
  db: Db,
  gateway: string,
  headers: Headers,
  rawBody: string,
  nowSeconds?: number,
): Promise<WebhookOutcome> {
  const provider = paymentGateway(db, gateway)
  if (provider.parseWebhook) {
    const events = await provider.parseWebhook({ headers, rawBody })
    if (events.length === 0) return 'ignored'
    const outcomes: WebhookOutcome[] = []
    for (const event of events.map((e) => eventSchema.parse(e))) {
      outcomes.push(await applyGatewayEvent(db, gateway, event))
      if (outcomes.at(-1) !== 'duplicate') webhookApplied(gateway, event.createdAt)
    }
    return outcomes.find((o) => o === 'applied') ?? outcomes[0]!
  }
  const check = verifySignature(
    await webhookSecret(db),
    { timestamp: headers.get(TIMESTAMP_HEADER), signature: headers.get(SIGNATURE_HEADER) },
    rawBody,
    nowSeconds,
  )
  if (!check.ok) throw new AppError('UNAUTHENTICATED', `Webhook signature ${check.reason}`)
  let parsed: unknown
  try {
    parsed = JSON.parse(rawBody)
  } catch {
    throw new AppError('INVALID_INPUT', 'Webhook body is not JSON')
  }
  const event = eventSchema.parse(parsed)
  const outcome = await applyGatewayEvent(db, gateway, event)
  if (outcome !== 'duplicate') webhookApplied(gateway, event.createdAt)
  return outcome
}

export async function applyGatewayEvent(db: Db, gateway: string, event: GatewayEvent): Promise<WebhookOutcome> {
  const outcome = await captureInStatement(db, gateway, event)
  if (outcome) return outcome
  return db.transaction(async (tx) => {
    // Recorded as processed at once: the row and the event's effect commit (or vanish) together.
    const record = tx
      .insert(webhookEvents)
      .values({ gateway, eventId: event.id, payload: event, processedAt: sql`now()` })
      .onConflictDoNothing()
      .returning({ id: webhookEvents.id })
    const ref = z.uuid().safeParse(event.reference)
    if (!ref.success) return (await record).length === 0 ? 'duplicate' : ignoreUnknown(event)
    // Lock order before payment, everywhere: two paths never wait on each other in reverse. The
    // event is recorded in the same statement (issue 11: round trips per order).
    const locked = await lockOrderOfPayment(tx, ref.data, gateway, record.getSQL())
    if (!locked) return (await recordedNow(tx, gateway, event.id)) ? ignoreUnknown(event) : 'duplicate'
    if (!locked.recorded) return 'duplicate'
    return applyToPayment(tx, event, locked)
  })
}

/** Payment statuses a capture moves on from (nextPaymentStatus). */
const CAPTURABLE = PAYMENT_STATUSES.filter((status) => nextPaymentStatus(status, 'succeeded'))

/**
 * The common capture in one statement (issue 11: round trips per order): a new event for a
 * payment of this gateway whose amount it matches, on an order awaiting payment, unexpired, with
 * no store credit to settle: the event is recorded, the payment settled and the order paid with
 * its note, jobs and notice (an order with a coupon to redeem is moved the same way in a
 * transaction moveOrder opens). A redelivery of an event already applied (gateways send them; the
 * sandbox always does) is answered in the same round trip. Undefined when anything else holds (an
 * unknown payment, a late or partial capture, a twin being applied right now...): nothing was
 * written, and the transaction below decides.
 */
async function captureInStatement(db: Db, gateway: string, event: GatewayEvent): Promise<WebhookOutcome | undefined> {
  const ref = z.uuid().safeParse(event.reference)
  if (event.type !== 'payment.captured' || !ref.success) return undefined
  const paymentId = ref.data
  const result = await moveOrder(db, { paymentId, gateway }, 'paid', {
    from: 'awaiting_payment',
    // Credit held for the attempt is checked (and held again if need be) by the transaction below.
    guard: sql`(select credit_minor from cur) = 0 and (select payment_status from cur) in (${sql.join(
      CAPTURABLE.map((s) => sql`${s}`),
      sql`, `,
    )})
      and (select payment_amount from cur) = ${event.amountMinor} and (select payment_currency from cur) = ${event.currency}
      and coalesce((select expires_at from cur) > ${new Date().toISOString()}::timestamptz, true)`,
    gate: (ok) =>
      sql`insert into ${webhookEvents} (gateway, event_id, payload, processed_at)
        select ${gateway}, ${event.id}, ${JSON.stringify(event)}::jsonb, now() where ${ok}
        on conflict do nothing returning 1`,
    data: { paymentId },
    // Recorded before this statement began: applied with its effect then, nothing left to do.
    // The method is for the payments metric.
    also: sql<{
      recorded: boolean
      method: string
    }>`json_build_object('recorded', exists (select 1 from ${webhookEvents} where gateway = ${gateway} and event_id = ${event.id}), 'method', (select payment_method from cur))`,
    notes: [
      {
        type: 'payment_succeeded',
        data: sql`jsonb_build_object('paymentId', ${paymentId}::text, 'method', (select payment_method from cur), 'failureCode', null)`,
      },
    ],
    alongside: ({ ifMoved }) => [
      sql`update ${payments} set status = 'succeeded', external_id = coalesce(external_id, ${event.externalId}),
        capture_id = coalesce(capture_id, ${event.captureId ?? null}), updated_at = now()
        where id = ${paymentId} and ${ifMoved}`,
    ],
  })
  if (result?.moved) {
    paymentSettled(gateway, result.also.method, 'succeeded')
    return 'applied'
  }
  return result?.also.recorded ? 'duplicate' : undefined
}

/**
 * Whether this transaction recorded the event (for a payment we do not know, where the locking
 * statement returns no row to say so): its `processed_at` is this transaction's `now()`.
 */
async function recordedNow(tx: Db, gateway: string, eventId: string): Promise<boolean> {
  const [row] = await tx
    .select({ mine: sql<boolean>`${webhookEvents.processedAt} = now()` })
    .from(webhookEvents)
    .where(and(eq(webhookEvents.gateway, gateway), eq(webhookEvents.eventId, eventId)))
  return Boolean(row?.mine)
}

function ignoreUnknown(event: GatewayEvent): WebhookOutcome {
  log.warn({ eventId: event.id, reference: event.reference }, 'webhook for an unknown payment ignored')
  return 'ignored'
}

async function applyToPayment(
  tx: Db,
  event: GatewayEvent,
  { order, payment }: NonNullable<Awaited<ReturnType<typeof lockOrderOfPayment>>>,
): Promise<WebhookOutcome> {
  if (event.type === 'payment.refunded') return applyRefund(tx, payment.id, event)
  if (event.type === 'payment.refund_failed') return applyRefundFailure(tx, payment.id, event)
  if (payment.amountMinor !== event.amountMinor || payment.currency !== event.currency) {
    log.error({ eventId: event.id, paymentId: payment.id }, 'webhook amount does not match the payment; ignored')
    return 'ignored'
  }
  const next = nextPaymentStatus(payment.status, STATUS_OF[event.type])
  if (!next) return 'unchanged'
  if (next !== 'requires_action') afterCommit(tx, () => paymentSettled(payment.gateway, payment.method, next))
  const settle = tx
    .update(payments)
    .set({
      status: next,
      externalId: payment.externalId ?? event.externalId,
      captureId: payment.captureId ?? event.captureId ?? null,
      failureCode: next === 'failed' || next === 'cancelled' ? (event.failureCode ?? null) : payment.failureCode,
      updatedAt: sql`now()`,
    })
    .where(eq(payments.id, payment.id))
  const note = {
    type: `payment_${next}`,
    data: { paymentId: payment.id, method: payment.method, failureCode: event.failureCode ?? null },
  }
  if (next !== 'succeeded') {
    await settle
    await noteOrderEvent(tx, order.id, note.type, note.data)
    if ((next === 'failed' || next === 'cancelled') && isPayable(order.status)) {
      await releaseCreditOfEndedAttempt(tx, order.id, payment.id)
    }
    await announceStatusChange(tx, order.id) // a result page waiting on this order shows the outcome
    return 'applied'
  }
  // Past expires_at the order is no longer payable, whether or not the expiry job has run yet:
  // a capture that arrives late must not be fulfilled (prices, stock and coupons were held until then).
  const expiredNow = isPayable(order.status) && order.expiresAt !== null && order.expiresAt.getTime() <= Date.now()
  const creditReady = isPayable(order.status) && !expiredNow && (await creditPartHeld(tx, order))
  if (creditReady) {
    // The order is as locked above (holding credit does not move it): the payment, the note and
    // the move to paid go in one statement.
    await moveOrder(tx, { orderId: order.id }, 'paid', {
      data: { paymentId: payment.id },
      notes: [note],
      alongside: [settle.getSQL()],
    })
  } else {
    await settle
    await noteOrderEvent(tx, order.id, note.type, note.data)
    if (expiredNow) await moveOrder(tx, { orderId: order.id }, 'expired', { data: { reason: 'payment_after_expiry' } })
    // Captured for an order that is already paid, expired or cancelled (two tabs, a payment
    // finished after expiry), or whose credit part is no longer there: the money goes straight
    // back, and the shopper is mailed when it has.
    const reason = expiredNow ? 'expired' : isPayable(order.status) ? 'credit_unavailable' : order.status
    await noteOrderEvent(tx, order.id, 'payment_refund_scheduled', { paymentId: payment.id, reason })
    await requestRefund(tx, {
      orderId: order.id,
      paymentId: payment.id,
      amountMinor: payment.amountMinor,
      currency: payment.currency,
      reason: 'payment_not_used',
      requestedBy: null,
    })
  }
  return 'applied'
}

/**
 * A refund (full or partial) the gateway confirms: it names the refund by our idempotency key,
 * `refund:<refundId>`. Settling is idempotent, so the refund job getting there first is fine.
 * A refund we never asked for (made in the gateway's own dashboard) needs a person, not a guess.
 */
/** Our refund an event names by its key (`refund:<refundId>`), when amount and currency match. */
async function refundNamedBy(tx: Db, paymentId: string, event: GatewayEvent) {
  const refundId = z.uuid().safeParse(event.refundKey?.replace(/^refund:/, ''))
  const [refund] = refundId.success
    ? await tx
        .select({ id: refunds.id, amountMinor: refunds.amountMinor, currency: refunds.currency })
        .from(refunds)
        .where(and(eq(refunds.id, refundId.data), eq(refunds.paymentId, paymentId)))
    : []
  if (!refund || refund.amountMinor !== event.amountMinor || refund.currency !== event.currency) {
    log.error({ eventId: event.id, paymentId, refundKey: event.refundKey }, 'webhook for a refund we did not ask for')
    return undefined
  }
  return refund
}

async function applyRefund(tx: Db, paymentId: string, event: GatewayEvent): Promise<WebhookOutcome> {
  const refund = await refundNamedBy(tx, paymentId, event)
  return refund ? settleRefund(tx, refund.id) : 'ignored'
}

/**
 * A refund the gateway took as pending and the bank then refused: the row fails and its amount
 * becomes refundable again, as when the gateway refuses at once (refund.server.ts). Only a row
 * still `requested` moves, so a late or replayed failure changes nothing.
 */
async function applyRefundFailure(tx: Db, paymentId: string, event: GatewayEvent): Promise<WebhookOutcome> {
  const refund = await refundNamedBy(tx, paymentId, event)
  return refund ? failRefund(tx, refund.id, event.failureCode ?? 'refund_failed') : 'ignored'
}

/**
 * The order's store-credit part is held (normally since the attempt started; held again here if
 * a failed twin attempt released it and the balance still covers it). False when it cannot be.
 */
async function creditPartHeld(tx: Db, order: LockedOrder): Promise<boolean> {
  if (order.creditMinor === 0) return true
  try {
    await holdCredit(tx, {
      orderId: order.id,
      userId: order.userId,
      currency: order.currency,
      amountMinor: order.creditMinor,
    })
    return true
  } catch (err) {
    if (err instanceof AppError && err.code === 'CONFLICT') return false
    throw err
  }
}

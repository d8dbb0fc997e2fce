/**
 * POST /api/pay: a new payment attempt for an unpaid order (the first one, or another after a
 * failure via /request-payment). The attempt row is written before the gateway is called, so a
 * webhook can never arrive for a payment we do not know.
 */
import { randomUUID } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { z } from 'zod'
import { config } from '../../../app.config'
import type { Db } from '~/server/db/client'
import { prepared } from '~/server/db/prepared'
import { payments } from '~/server/db/schema'
import { AppError } from '~/modules/errors/app-error'
import { DEFAULT_LOCALE, isLocale } from '~/modules/i18n/locales'
import { isPayable } from '~/modules/orders/order-status'
import { moveOrder } from '~/modules/orders/move-order.server'
import { lockOrder, type LockedOrder } from '~/modules/orders/order-lock.server'
import { noteOrderEvent } from '~/modules/orders/timeline.server'
import { gatewayNameFor, paymentGateway } from './gateways.server'
import { isMethodAvailable, methodCurrencies } from './payment-methods'
import { holdCredit } from '~/modules/store-credit/holds.server'
import { releaseCreditOfEndedAttempt } from './credit-release.server'
import { PAYMENT_METHODS, type PaymentMethod } from '~/modules/orders/payment-attempts'

export const startPaymentInputSchema = z.object({
  orderId: z.uuid(),
  method: z.enum(PAYMENT_METHODS),
})
export type StartPaymentInput = z.input<typeof startPaymentInputSchema>

export interface StartedPayment {
  paymentId: string | null
  /** The gateway's hosted page, or our result page when nothing is left to pay. */
  redirectUrl: string
}

export interface PaymentUrls {
  /** Origin the shopper's browser uses (return pages). */
  origin: string
  /** Overrides where webhooks go (tests, unusual deployments). */
  webhookUrl?: string
}

/** Where the gateway posts webhooks: configured, else PUBLIC_ORIGIN, else this very process. */
export function webhookUrl(gateway: string): string {
  const c = config()
  if (c.PAYMENT_WEBHOOK_URL) return c.PAYMENT_WEBHOOK_URL
  const base = c.PUBLIC_ORIGIN?.replace(/\/$/, '') ?? `http://127.0.0.1:${c.PORT}`
  return `${base}/api/pay/webhooks/${gateway}`
}

function resultUrl(origin: string, locale: string, method: 'card' | 'wallet', orderId: string, paymentId?: string) {
  const prefix = isLocale(locale) && locale !== DEFAULT_LOCALE ? `/${locale}` : ''
  const page = method === 'card' ? 'creditCard3DSResult' : 'paymentResult'
  const query = new URLSearchParams({ orderId, ...(paymentId ? { paymentId } : {}) })
  return `${origin}${prefix}/payment/${page}?${query}`
}

export async function startPayment(
  db: Db,
  userId: string,
  input: StartPaymentInput,
  urls: PaymentUrls,
): Promise<StartedPayment> {
  const { orderId, method } = startPaymentInputSchema.parse(input)
  const gatewayName = gatewayNameFor(method)
  const started =
    (await firstAttempt(db, userId, orderId, method)) ?? (await attemptInTransaction(db, userId, orderId, method))
  const { order } = started
  // Paid without a card or wallet step (free, or all store credit): the generic result page.
  if (started.paymentId === null) {
    return { paymentId: null, redirectUrl: resultUrl(urls.origin, order.locale, 'wallet', order.id) }
  }
  const { paymentId, dueMinor } = started

  try {
    const session = await paymentGateway(db, gatewayName).createSession({
      reference: paymentId,
      method,
      amountMinor: dueMinor,
      currency: order.currency,
      description: order.number,
      locale: isLocale(order.locale) ? order.locale : DEFAULT_LOCALE,
      returnUrl: resultUrl(urls.origin, order.locale, method, order.id, paymentId),
      webhookUrl: urls.webhookUrl ?? webhookUrl(gatewayName),
    })
    await prepared(db, 'payment_session', (conn) =>
      conn
        .update(payments)
        .set({
          externalId: sql`${sql.placeholder('externalId')}`,
          redirectUrl: sql`${sql.placeholder('redirectUrl')}`,
          updatedAt: sql`now()`,
        })
        .where(eq(payments.id, sql.placeholder('paymentId'))),
    ).execute({ externalId: session.externalId, redirectUrl: session.redirectUrl, paymentId })
    return { paymentId, redirectUrl: session.redirectUrl }
  } catch (err) {
    await db.transaction(async (tx) => {
      await lockOrder(tx, order.id)
      const failed = await tx
        .update(payments)
        .set({ status: 'failed', failureCode: 'gateway_unavailable', updatedAt: sql`now()` })
        .where(and(eq(payments.id, paymentId), eq(payments.status, 'pending')))
        .returning({ id: payments.id })
      if (failed.length > 0) await releaseCreditOfEndedAttempt(tx, order.id, paymentId)
    })
    throw new AppError('PAYMENT_FAILED', 'The payment gateway is unavailable', { cause: err })
  }
}

type Attempt = { order: LockedOrder; paymentId: null } | { order: LockedOrder; paymentId: string; dueMinor: number }

/**
 * The common case in one statement (issue 11: round trips per order): the shopper's own order,
 * just created, unexpired, in a currency the method settles, with nothing held in store credit
 * and something to pay. It moves to awaiting_payment with the attempt and its note. Undefined
 * when any of that does not hold: the transaction decides, and says why.
 */
async function firstAttempt(
  db: Db,
  userId: string,
  orderId: string,
  method: PaymentMethod,
): Promise<Attempt | undefined> {
  const paymentId = randomUUID()
  const result = await moveOrder(db, { orderId, ownerId: userId }, 'awaiting_payment', {
    from: 'created',
    guard: sql`(select credit_minor from cur) = 0 and (select total_minor from cur) > 0
      and (select currency from cur) in (${sql.join(
        methodCurrencies(method).map((c) => sql`${c}`),
        sql`, `,
      )})
      and coalesce((select expires_at from cur) > ${new Date().toISOString()}::timestamptz, true)`,
    data: { paymentId },
    notes: [{ type: 'payment_started', data: { paymentId, method } }],
    alongside: ({ ifMoved }) => [
      sql`insert into ${payments} (id, order_id, gateway, method, amount_minor, currency)
        select ${paymentId}::uuid, id, ${gatewayNameFor(method)}, ${method}, total_minor, currency from cur where ${ifMoved}`,
    ],
  })
  if (!result?.moved) return undefined
  return { order: result.order, paymentId, dueMinor: result.order.totalMinor }
}

/** Every other attempt: decided under the order's lock, in one transaction from the first read. */
async function attemptInTransaction(db: Db, userId: string, orderId: string, method: PaymentMethod): Promise<Attempt> {
  return db.transaction(async (tx): Promise<Attempt> => {
    const order = await lockOrder(tx, orderId, userId)
    if (!isPayable(order.status))
      throw new AppError('CONFLICT', `Order is ${order.status}`, {
        issues: [{ path: 'orderId', message: 'ORDER_NOT_PAYABLE' }],
      })
    if (order.expiresAt && order.expiresAt <= new Date()) {
      throw new AppError('CONFLICT', 'Order expired', { issues: [{ path: 'orderId', message: 'ORDER_EXPIRED' }] })
    }
    if (!isMethodAvailable(method, order.currency)) {
      throw new AppError('INVALID_INPUT', `${method} is not available for ${order.currency}`, {
        issues: [{ path: 'method', message: 'METHOD_NOT_AVAILABLE' }],
      })
    }
    if (order.totalMinor === 0) {
      // Fully discounted: nothing to capture, the order is paid as it stands.
      await moveOrder(tx, { orderId: order.id }, 'paid', { data: { free: true } })
      return { order, paymentId: null }
    }
    // The store-credit part is held with the attempt (ADR 058); card or wallet pay the rest.
    const dueMinor = order.totalMinor - order.creditMinor
    const credit = { orderId: order.id, userId, currency: order.currency, amountMinor: order.creditMinor }
    if (dueMinor === 0) {
      const hold = await holdCredit(tx, credit)
      await moveOrder(tx, { orderId: order.id }, 'paid', {
        data: { creditHoldId: hold.id, creditMinor: order.creditMinor },
      })
      return { order, paymentId: null }
    }
    const paymentId = randomUUID()
    const attempt = tx.insert(payments).values({
      id: paymentId,
      orderId: order.id,
      gateway: gatewayNameFor(method),
      method,
      amountMinor: dueMinor,
      currency: order.currency,
    })
    const note = { type: 'payment_started', data: { paymentId, method } }
    if (order.creditMinor > 0) {
      await attempt
      // Held before the gateway is asked, so the card is never charged for credit that is gone.
      await holdCredit(tx, { ...credit, paymentId })
    }
    if (order.status === 'created') {
      // Without credit to hold first, the attempt goes in with the move (one statement).
      const alongside = order.creditMinor > 0 ? [] : [attempt.getSQL()]
      await moveOrder(tx, { orderId: order.id }, 'awaiting_payment', { data: { paymentId }, notes: [note], alongside })
    } else {
      if (order.creditMinor === 0) await attempt
      await noteOrderEvent(tx, order.id, note.type, note.data)
    }
    return { order, paymentId, dueMinor }
  })
}

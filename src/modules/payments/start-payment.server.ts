/**
 * POST /api/pay: a payment attempt for an unpaid order (the first one, or another after a failure
 * via /request-payment). The attempt row is written before the gateway is called, so a webhook can
 * never arrive for a payment we do not know. An attempt still open for the same method and amount
 * is reused, not doubled: a second click, a second tab or a retry after the provider timed out
 * gets the same hosted page (the provider's call is keyed by the attempt), never a second charge.
 */
import { randomUUID } from 'node:crypto'
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { z } from 'zod'
import { config } from '../../../app.config'
import type { Db } from '~/server/db/client'
import { prepared } from '~/server/db/prepared'
import { orderItems, payments } from '~/server/db/schema'
import { log } from '~/server/log'
import { AppError } from '~/modules/errors/app-error'
import { DEFAULT_LOCALE, isLocale } from '~/modules/i18n/locales'
import { isPayable } from '~/modules/orders/order-status'
import { moveOrder } from '~/modules/orders/move-order.server'
import { lockOrder, type LockedOrder } from '~/modules/orders/order-lock.server'
import { noteOrderEvent } from '~/modules/orders/timeline.server'
import { gatewayNameFor, paymentGateway } from './gateways.server'
import { GatewayUnavailableError } from './gateway'
import { isMethodAvailable, methodCurrencies } from './payment-methods'
import { paymentSetup } from './payment-setup.server'
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

/** Our return door for a provider's page (cancel, or PayPal's approval): provider-return.server.ts. */
function providerReturnUrl(origin: string, gateway: string, paymentId: string, outcome: 'success' | 'cancel') {
  return `${origin}/api/pay/return/${gateway}?${new URLSearchParams({ paymentId, outcome })}`
}

export async function startPayment(
  db: Db,
  userId: string,
  input: StartPaymentInput,
  urls: PaymentUrls,
): Promise<StartedPayment> {
  const { orderId, method } = startPaymentInputSchema.parse(input)
  const started =
    (await firstAttempt(db, userId, orderId, method)) ?? (await attemptInTransaction(db, userId, orderId, method))
  const { order } = started
  // Paid without a card or wallet step (free, or all store credit): the generic result page.
  if (started.paymentId === null) {
    return { paymentId: null, redirectUrl: resultUrl(urls.origin, order.locale, 'wallet', order.id) }
  }
  const { paymentId, dueMinor, gateway } = started
  if (started.redirectUrl) return { paymentId, redirectUrl: started.redirectUrl }

  try {
    const provider = paymentGateway(db, gateway)
    const session = await provider.createSession({
      reference: paymentId,
      orderId: order.id,
      method,
      amountMinor: dueMinor,
      currency: order.currency,
      description: order.number,
      lines: provider.listsLines ? await lineTitles(db, order.id) : [],
      locale: isLocale(order.locale) ? order.locale : DEFAULT_LOCALE,
      returnUrl: resultUrl(urls.origin, order.locale, method, order.id, paymentId),
      confirmUrl: providerReturnUrl(urls.origin, gateway, paymentId, 'success'),
      cancelUrl: providerReturnUrl(urls.origin, gateway, paymentId, 'cancel'),
      webhookUrl: urls.webhookUrl ?? webhookUrl(gateway),
      expiresAt: order.expiresAt,
      startedAt: started.startedAt,
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
    if (err instanceof GatewayUnavailableError) {
      // The attempt stays open and the order payable: trying again asks the provider with the
      // same idempotency key, so a session it made before timing out is the one the shopper gets.
      log.warn({ paymentId, gateway }, 'payment provider unavailable; the attempt stays open')
      throw new AppError('UNAVAILABLE', 'The payment provider is unavailable', {
        issues: [{ path: 'method', message: 'PROVIDER_UNAVAILABLE' }],
        retryAfterSeconds: 5,
        cause: err,
      })
    }
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

/** "Game — package" per line, for the provider's page and receipt. */
async function lineTitles(db: Db, orderId: string): Promise<string[]> {
  const rows = await db
    .select({ title: orderItems.title, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id))
  return rows.map((r) => (r.quantity > 1 ? `${r.quantity} × ${r.title}` : r.title))
}

type Attempt =
  | { order: LockedOrder; paymentId: null }
  | {
      order: LockedOrder
      paymentId: string
      dueMinor: number
      gateway: string
      startedAt: Date
      /** An open attempt's hosted page, already made: nothing to ask the provider. */
      redirectUrl?: string | null
    }

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
  const gateway = gatewayNameFor(method)
  const startedAt = new Date()
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
      sql`insert into ${payments} (id, order_id, gateway, method, amount_minor, currency, created_at)
        select ${paymentId}::uuid, id, ${gateway}, ${method}, total_minor, currency, ${startedAt.toISOString()}::timestamptz
        from cur where ${ifMoved}`,
    ],
  })
  if (!result?.moved) return undefined
  return { order: result.order, paymentId, dueMinor: result.order.totalMinor, gateway, startedAt }
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
    if (!isMethodAvailable(method, order.currency, undefined, paymentSetup())) {
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
    const gateway = gatewayNameFor(method)
    const open = await openAttempt(tx, order.id, method, gateway, dueMinor)
    if (open)
      return { order, paymentId: open.id, dueMinor, gateway, startedAt: open.createdAt, redirectUrl: open.redirectUrl }
    const credit = { orderId: order.id, userId, currency: order.currency, amountMinor: order.creditMinor }
    if (dueMinor === 0) {
      const hold = await holdCredit(tx, credit)
      await moveOrder(tx, { orderId: order.id }, 'paid', {
        data: { creditHoldId: hold.id, creditMinor: order.creditMinor },
      })
      return { order, paymentId: null }
    }
    const paymentId = randomUUID()
    const startedAt = new Date()
    const attempt = tx.insert(payments).values({
      id: paymentId,
      orderId: order.id,
      gateway,
      createdAt: startedAt,
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
    return { order, paymentId, dueMinor, gateway, startedAt }
  })
}

/** The order's attempt still open for this method, gateway and amount (under the order's lock). */
async function openAttempt(tx: Db, orderId: string, method: PaymentMethod, gateway: string, amountMinor: number) {
  const [open] = await tx
    .select({ id: payments.id, createdAt: payments.createdAt, redirectUrl: payments.redirectUrl })
    .from(payments)
    .where(
      and(
        eq(payments.orderId, orderId),
        eq(payments.method, method),
        eq(payments.gateway, gateway),
        eq(payments.amountMinor, amountMinor),
        inArray(payments.status, ['pending', 'requires_action']),
      ),
    )
    .orderBy(asc(payments.createdAt))
    .limit(1)
  return open
}

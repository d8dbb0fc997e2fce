/**
 * What an order's money is and what is left of it to give back: its card or wallet payment (the
 * one named by its move to paid) and its store-credit part. Requested refunds already count, so
 * two requests in flight never add up to more than was paid. Reads only.
 */
import { and, eq, isNull } from 'drizzle-orm'
import type { Db } from '~/server/db/client'
import { orderEvents, orders, payments, refunds } from '~/server/db/schema'
import { capturedCreditMinor } from '~/modules/store-credit/holds.server'
import { orderPaymentId, refundableMinor } from './refunds'

export interface CapturedPayment {
  id: string
  amountMinor: number
  currency: string
  /** What may still be refunded of it (requested refunds already count). */
  refundableMinor: number
}

/** The payment the order was paid with, if it was captured and not yet fully given back. */
export async function orderPayment(tx: Db, orderId: string): Promise<CapturedPayment | null> {
  const paymentId = await paidWith(tx, orderId)
  return paymentId ? capturedPayment(tx, paymentId) : null
}

export async function capturedPayment(tx: Db, paymentId: string): Promise<CapturedPayment | null> {
  const [payment] = await tx
    .select({
      id: payments.id,
      amountMinor: payments.amountMinor,
      currency: payments.currency,
      status: payments.status,
    })
    .from(payments)
    .where(eq(payments.id, paymentId))
  if (!payment || (payment.status !== 'succeeded' && payment.status !== 'refunded')) return null
  const rows = await tx
    .select({ amountMinor: refunds.amountMinor, status: refunds.status })
    .from(refunds)
    .where(eq(refunds.paymentId, paymentId))
  const left = payment.status === 'refunded' ? 0 : refundableMinor(payment.amountMinor, rows)
  return { id: payment.id, amountMinor: payment.amountMinor, currency: payment.currency, refundableMinor: left }
}

/** What is left to give back of an order's own money: its card or wallet payment and its credit part. */
export interface OrderMoney {
  currency: string
  card: CapturedPayment | null
  /** The credit part not yet given back (requested refunds already count). */
  creditRefundableMinor: number
  refundableMinor: number
}

export async function orderMoney(tx: Db, orderId: string): Promise<OrderMoney | null> {
  const card = await orderPayment(tx, orderId)
  const credit = await capturedCreditMinor(tx, orderId)
  if (!card && credit === 0) return null
  let creditLeft = 0
  if (credit > 0) {
    const rows = await tx
      .select({ amountMinor: refunds.amountMinor, status: refunds.status })
      .from(refunds)
      .where(and(eq(refunds.orderId, orderId), isNull(refunds.paymentId)))
    creditLeft = refundableMinor(credit, rows)
  }
  // The card payment names the currency; only a credit-only order needs the order row for it.
  const currency = card?.currency ?? (await orderCurrency(tx, orderId))
  return {
    currency,
    card,
    creditRefundableMinor: creditLeft,
    refundableMinor: (card?.refundableMinor ?? 0) + creditLeft,
  }
}

async function orderCurrency(tx: Db, orderId: string): Promise<string> {
  const [order] = await tx.select({ currency: orders.currency }).from(orders).where(eq(orders.id, orderId))
  return order!.currency
}

/** The payment named by the order's move to paid (none for a free order). */
export async function paidWith(tx: Db, orderId: string): Promise<string | null> {
  const rows = await tx
    .select({ type: orderEvents.type, toStatus: orderEvents.toStatus, data: orderEvents.data })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.type, 'status'), eq(orderEvents.toStatus, 'paid')))
  return orderPaymentId(rows)
}

/**
 * Reading an order under its row lock. Whoever decides on an order's status or money takes this
 * lock first (order before payment and refund rows, everywhere, so two paths never wait on each
 * other in reverse); moveOrder takes it in the statement that moves the order.
 */
import { and, eq, sql, SQL } from 'drizzle-orm'
import type { Db } from '~/server/db/client'
import { orders, payments } from '~/server/db/schema'
import { AppError } from '~/modules/errors/app-error'
import type { OrderStatus } from './order-status'

export interface LockedOrder {
  id: string
  status: OrderStatus
  userId: string
  totalMinor: number
  /** The part of the total paid with store credit. */
  creditMinor: number
  /** A coupon is reserved for the order (redeemed when paid, released when it ends unpaid). */
  hasCoupon: boolean
  currency: string
  expiresAt: Date | null
  number: string
  locale: string
  /** The player details the shopper gave, and how many times they corrected them (fulfilment). */
  player: Record<string, string>
  playerFixes: number
}

/** What the lock reads (no extra round trip for what the status's effects need to know). */
export const lockedColumns = {
  id: orders.id,
  status: orders.status,
  userId: orders.userId,
  totalMinor: orders.totalMinor,
  creditMinor: orders.creditMinor,
  hasCoupon: sql<boolean>`${orders.couponId} is not null`.as('has_coupon'),
  currency: orders.currency,
  expiresAt: orders.expiresAt,
  number: orders.number,
  locale: orders.locale,
  player: orders.player,
  playerFixes: orders.playerFixes,
}

/** The lock's condition: the order by id, and only the owner's with `ownerId`. */
export function orderWhere(orderId: string, ownerId?: string): SQL | undefined {
  return ownerId === undefined ? eq(orders.id, orderId) : and(eq(orders.id, orderId), eq(orders.userId, ownerId))
}

/** NOT_FOUND for an order that does not exist (or, with `ownerId`, is not the caller's). */
export function orderNotFound(orderId: string, ownerId?: string): never {
  throw new AppError('NOT_FOUND', ownerId === undefined ? `Order ${orderId} does not exist` : 'Order not found')
}

/**
 * SELECT … FOR UPDATE: callers that decide on the status take this lock first. With `ownerId`,
 * another shopper's order is NOT_FOUND like a missing one.
 */
export async function lockOrder(tx: Db, orderId: string, ownerId?: string): Promise<LockedOrder> {
  const [row] = await tx.select(lockedColumns).from(orders).where(orderWhere(orderId, ownerId)).for('update')
  return row ?? orderNotFound(orderId, ownerId)
}

/**
 * The order a payment belongs to and the payment, both locked (order first, as everywhere), in one
 * round trip. Both rows must be locked, not only read: a statement that waited for the order's
 * lock sees the newest version only of the rows it locks (PostgreSQL's re-check of FOR UPDATE),
 * and a webhook deciding on a stale payment status would undo the one that got there first.
 * `record` is an INSERT … ON CONFLICT DO NOTHING RETURNING run in the same statement (a webhook's
 * event id); `recorded` says whether it inserted a row. Undefined (`record` is done all the same)
 * when no payment of that gateway has this id.
 */
export async function lockOrderOfPayment(
  tx: Db,
  paymentId: string,
  gateway: string,
  record: SQL,
): Promise<{ order: LockedOrder; payment: typeof payments.$inferSelect; recorded: boolean } | undefined> {
  const recordedRows = tx.$with('recorded', { one: sql<number>`1` }).as(record)
  const [row] = await tx
    .with(recordedRows)
    .select({
      order: lockedColumns,
      payment: payments,
      recorded: sql<boolean>`exists (select 1 from recorded)`,
    })
    .from(orders)
    .innerJoin(payments, paymentOf(paymentId, gateway))
    .for('update', { of: [orders, payments] })
  return row
}

/** The join of an order to one payment of one gateway. */
export function paymentOf(paymentId: string, gateway: string): SQL | undefined {
  return and(eq(payments.orderId, orders.id), eq(payments.id, paymentId), eq(payments.gateway, gateway))
}

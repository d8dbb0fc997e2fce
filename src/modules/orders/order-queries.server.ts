/** Read side of orders: the shopper's list and one order's details (always scoped to the owner). */
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../server/db/client'
import {
  couponRedemptions,
  coupons,
  gameCodes,
  games,
  offers,
  orderEvents,
  orderItems,
  orders,
  payments,
  refunds,
  skus,
  supportReplies,
  supportRequests,
} from '../../server/db/schema'
import type { PlayerField } from '../catalog/catalog.schemas'
import { AppError } from '../errors/app-error'
import { isPayable } from './order-status'
import { isRefundable, orderPaymentId, refundableMinor } from './refunds'
import {
  listOrdersQuerySchema,
  type EventValue,
  type ListOrdersQuery,
  type OrderDetail,
  type OrderPage,
  type SupportThreadView,
} from './orders.schemas'

export async function listOrders(db: Db, userId: string, query: ListOrdersQuery = {}): Promise<OrderPage> {
  const q = listOrdersQuerySchema.parse(query)
  const where = and(eq(orders.userId, userId), q.status ? eq(orders.status, q.status) : undefined)
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: orders.id,
        number: orders.number,
        status: orders.status,
        currency: orders.currency,
        totalMinor: orders.totalMinor,
        createdAt: orders.createdAt,
        expiresAt: orders.expiresAt,
        // Written out: drizzle leaves columns unqualified inside a select, which is ambiguous here.
        title: sql<string>`(select oi.title from order_items oi where oi.order_id = orders.id order by oi.id limit 1)`,
        itemCount: sql<number>`(select coalesce(sum(oi.quantity), 0)::int from order_items oi where oi.order_id = orders.id)`,
      })
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ total: count() }).from(orders).where(where),
  ])
  return {
    items: rows.map((r) => ({
      ...r,
      itemCount: Number(r.itemCount),
      createdAt: r.createdAt.toISOString(),
      expiresAt: r.expiresAt?.toISOString() ?? null,
    })),
    page: q.page,
    pageSize: q.pageSize,
    total: Number(total),
  }
}

/** The game server's display name ("Aurora (NA)") for the value stored with the order. */
function serverName(value: string | undefined, fields: PlayerField[] | undefined): string | null {
  if (!value) return null
  const option = fields?.find((f) => f.key === 'server')?.options?.find((o) => o.value === value)
  return option?.label ?? value
}

/** The requests about one order with their replies (the order page; its owner is checked there). */
export async function supportThreads(db: Db, orderId: string): Promise<SupportThreadView[]> {
  const requests = await db
    .select()
    .from(supportRequests)
    .where(eq(supportRequests.orderId, orderId))
    .orderBy(asc(supportRequests.id))
  if (requests.length === 0) return []
  const replies = await db
    .select()
    .from(supportReplies)
    .where(
      inArray(
        supportReplies.requestId,
        requests.map((r) => r.id),
      ),
    )
    .orderBy(asc(supportReplies.id))
  return requests.map((r) => ({
    id: r.id,
    topic: r.topic,
    message: r.message,
    createdAt: r.createdAt.toISOString(),
    replies: replies
      .filter((p) => p.requestId === r.id)
      .map((p) => ({ id: p.id, message: p.message, createdAt: p.createdAt.toISOString() })),
  }))
}

/** NOT_FOUND both for unknown orders and for other people's orders: ids are not disclosed. */
export async function getOrderDetail(db: Db, userId: string | null, orderId: string): Promise<OrderDetail> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), userId === null ? undefined : eq(orders.userId, userId)))
  if (!order) throw new AppError('NOT_FOUND', 'Order not found')
  const [items, codes, events, pays, couponRows, support, refundRows] = await Promise.all([
    db
      .select({ item: orderItems, kind: games.kind, playerFields: games.playerFields })
      .from(orderItems)
      .innerJoin(skus, eq(skus.id, orderItems.skuId))
      .innerJoin(offers, eq(offers.id, skus.offerId))
      .innerJoin(games, eq(games.id, offers.gameId))
      .where(eq(orderItems.orderId, orderId))
      .orderBy(asc(orderItems.id)),
    db
      .select({ skuId: gameCodes.skuId, code: gameCodes.code })
      .from(gameCodes)
      .where(eq(gameCodes.orderId, orderId))
      .orderBy(asc(gameCodes.id)),
    db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.id)),
    db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.createdAt)),
    db
      .select({ code: coupons.code })
      .from(couponRedemptions)
      .innerJoin(coupons, eq(coupons.id, couponRedemptions.couponId))
      .where(eq(couponRedemptions.orderId, orderId))
      .orderBy(asc(couponRedemptions.id)),
    supportThreads(db, orderId),
    db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.createdAt), asc(refunds.id)),
  ])
  // Only the order's own payment: a payment it could not use is returned on its own.
  const paidWith = pays.find((p) => p.id === orderPaymentId(events))
  const ownRefunds = refundRows.filter((r) => r.paymentId === paidWith?.id)
  const refundable =
    paidWith?.status === 'succeeded' && isRefundable(order.status)
      ? refundableMinor(paidWith.amountMinor, ownRefunds)
      : 0
  const payable = isPayable(order.status) && (!order.expiresAt || order.expiresAt > new Date())
  return {
    id: order.id,
    number: order.number,
    status: order.status,
    currency: order.currency,
    subtotalMinor: order.subtotalMinor,
    discountMinor: order.discountMinor,
    totalMinor: order.totalMinor,
    coupons: couponRows.map((c) => c.code),
    player: order.player,
    serverName: serverName(order.player.server, items[0]?.playerFields),
    email: order.email,
    locale: order.locale,
    createdAt: order.createdAt.toISOString(),
    expiresAt: order.expiresAt?.toISOString() ?? null,
    payable,
    items: items.map(({ item, kind }) => ({
      id: item.id,
      skuId: item.skuId,
      title: item.title,
      kind,
      quantity: item.quantity,
      unitPriceMinor: item.unitPriceMinor,
      lineMinor: item.unitPriceMinor * item.quantity,
      supplierTxnId: item.supplierTxnId,
      deliveredAt: item.deliveredAt?.toISOString() ?? null,
      codes: codes.filter((c) => c.skuId === item.skuId).map((c) => c.code),
    })),
    events: events.map((e) => ({
      id: e.id,
      type: e.type,
      fromStatus: e.fromStatus,
      toStatus: e.toStatus,
      data: e.data as Record<string, EventValue>,
      createdAt: e.createdAt.toISOString(),
    })),
    payments: pays.map((p) => ({
      id: p.id,
      method: p.method,
      status: p.status,
      amountMinor: p.amountMinor,
      currency: p.currency,
      failureCode: p.failureCode,
      createdAt: p.createdAt.toISOString(),
    })),
    refunds: ownRefunds.map((r) => ({
      id: r.id,
      amountMinor: r.amountMinor,
      currency: r.currency,
      status: r.status,
      // Staff's note stays with staff (and the mail job, which reads as staff do).
      reason: userId === null ? r.reason : null,
      createdAt: r.createdAt.toISOString(),
      completedAt: r.completedAt?.toISOString() ?? null,
    })),
    refundableMinor: refundable,
    support,
  }
}

/** Owner check without loading everything (payment start, support requests). */
export async function assertOwnsOrders(db: Db, userId: string, orderIds: string[]): Promise<void> {
  if (orderIds.length === 0) return
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), inArray(orders.id, orderIds)))
  if (rows.length !== new Set(orderIds).size) throw new AppError('NOT_FOUND', 'Order not found')
}

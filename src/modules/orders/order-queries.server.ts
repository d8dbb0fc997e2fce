/** Read side of orders: the shopper's list and one order's details (always scoped to the owner). */
import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { Db } from '~/server/db/client'
import { prepared } from '~/server/db/prepared'
import { orders } from '~/server/db/schema'
import type { PlayerField, ProductKind } from '~/modules/catalog/catalog.schemas'
import { AppError } from '~/modules/errors/app-error'
import { isPayable } from './order-status'
import type { PaymentMethod, PaymentStatus } from './payment-attempts'
import { isRefundable, orderPaymentId, refundableMinor, type RefundDestination, type RefundStatus } from './refunds'
import {
  listOrdersQuerySchema,
  type EventValue,
  type ListOrdersQuery,
  type OrderDetail,
  type OrderPage,
  type PlayerFixView,
  type RefundChoiceView,
  type SupportThreadView,
} from './orders.schemas'
import { now } from '~/modules/time/clock'

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

/** A timestamp as JSON in toISOString()'s form ("…T03:08:26.656Z"), whatever the session's time zone. */
const iso = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`)

/** `select` as a JSON array (empty, not null, when no row matches). */
const jsonList = (object: SQL, from: SQL, orderBy: string) =>
  sql`(select coalesce(json_agg(${object} order by ${sql.raw(orderBy)}), '[]'::json) ${from})`

interface ItemRow {
  id: number
  skuId: number
  title: string
  quantity: number
  unitPriceMinor: number
  supplierTxnId: string | null
  deliveredAt: string | null
  kind: ProductKind
  playerFields: PlayerField[]
}
interface EventRow {
  id: number
  type: string
  fromStatus: string | null
  toStatus: string | null
  data: Record<string, EventValue>
  createdAt: string
}
interface PaymentRow {
  id: string
  method: PaymentMethod
  status: PaymentStatus
  amountMinor: number
  currency: string
  failureCode: string | null
  createdAt: string
}
interface RefundRow {
  id: string
  paymentId: string | null
  destination: RefundDestination
  amountMinor: number
  currency: string
  status: RefundStatus
  reason: string | null
  createdAt: string
  completedAt: string | null
}

function playerFixOf(
  order: { status: string; playerFixUntil: Date | null },
  events: EventRow[],
  fields: PlayerField[],
): PlayerFixView | null {
  if (order.status !== 'needs_player_details' || !order.playerFixUntil) return null
  const entered = events.findLast((e) => e.type === 'status' && e.toStatus === 'needs_player_details')
  const reason = entered?.data.reason
  return {
    reason: typeof reason === 'string' ? reason : 'PLAYER_NOT_FOUND',
    until: order.playerFixUntil.toISOString(),
    fields,
  }
}

/** A failed delivery's refund choice, while the shopper may still make it (ADR 116). */
function refundChoiceOf(
  order: { status: string; refundChoiceUntil: Date | null; refundChoice: string | null },
  events: EventRow[],
  paidWith: PaymentRow | undefined,
  amountMinor: number,
): RefundChoiceView | null {
  const until = order.refundChoiceUntil
  if (order.status !== 'failed' || !until || order.refundChoice !== null || until <= now()) return null
  if (!paidWith || amountMinor === 0) return null
  const reason = events.findLast((e) => e.type === 'status' && e.toStatus === 'failed')?.data.reason
  return {
    until: until.toISOString(),
    reason: typeof reason === 'string' ? reason : null,
    method: paidWith.method,
    amountMinor,
  }
}

/** The detail's one query: any order (staff, jobs), or only the given user's (`own`). */
function orderDetailQuery(conn: Db, own: boolean) {
  const o = sql.raw('"orders"."id"')
  return conn
    .select({
      order: orders,
      items: sql<ItemRow[]>`${jsonList(
        sql`json_build_object('id', oi.id, 'skuId', oi.sku_id, 'title', oi.title, 'quantity', oi.quantity,
          'unitPriceMinor', oi.unit_price_minor, 'supplierTxnId', oi.supplier_txn_id,
          'deliveredAt', ${iso('oi.delivered_at')}, 'kind', g.kind, 'playerFields', g.player_fields)`,
        sql`from order_items oi join skus s on s.id = oi.sku_id join offers f on f.id = s.offer_id
          join games g on g.id = f.game_id where oi.order_id = ${o}`,
        'oi.id',
      )}`,
      codes: sql<{ skuId: number; code: string }[]>`${jsonList(
        sql`json_build_object('skuId', c.sku_id, 'code', c.code)`,
        sql`from game_codes c where c.order_id = ${o}`,
        'c.id',
      )}`,
      events: sql<EventRow[]>`${jsonList(
        sql`json_build_object('id', e.id, 'type', e.type, 'fromStatus', e.from_status, 'toStatus', e.to_status,
          'data', e.data, 'createdAt', ${iso('e.created_at')})`,
        sql`from order_events e where e.order_id = ${o}`,
        'e.id',
      )}`,
      payments: sql<PaymentRow[]>`${jsonList(
        sql`json_build_object('id', p.id, 'method', p.method, 'status', p.status, 'amountMinor', p.amount_minor,
          'currency', p.currency, 'failureCode', p.failure_code, 'createdAt', ${iso('p.created_at')})`,
        sql`from payments p where p.order_id = ${o}`,
        'p.created_at',
      )}`,
      coupons: sql<string[]>`${jsonList(
        sql`cp.code`,
        sql`from coupon_redemptions cr join coupons cp on cp.id = cr.coupon_id where cr.order_id = ${o}`,
        'cr.id',
      )}`,
      support: sql<SupportThreadView[]>`${jsonList(
        sql`json_build_object('id', q.id, 'topic', q.topic, 'message', q.message, 'createdAt', ${iso('q.created_at')},
          'replies', ${jsonList(
            sql`json_build_object('id', r.id, 'message', r.message, 'createdAt', ${iso('r.created_at')})`,
            sql`from support_replies r where r.request_id = q.id`,
            'r.id',
          )})`,
        sql`from support_requests q where q.order_id = ${o}`,
        'q.id',
      )}`,
      refunds: sql<RefundRow[]>`${jsonList(
        sql`json_build_object('id', rf.id, 'paymentId', rf.payment_id, 'destination', rf.destination,
          'amountMinor', rf.amount_minor,
          'currency', rf.currency, 'status', rf.status, 'reason', rf.reason, 'createdAt', ${iso('rf.created_at')},
          'completedAt', ${iso('rf.completed_at')})`,
        sql`from refunds rf where rf.order_id = ${o}`,
        'rf.created_at, rf.id',
      )}`,
      creditPaid: sql<number>`(select coalesce(sum(h.amount_minor), 0)::int from credit_holds h
        where h.order_id = ${o} and h.status = 'captured')`,
    })
    .from(orders)
    .where(
      and(eq(orders.id, sql.placeholder('orderId')), own ? eq(orders.userId, sql.placeholder('userId')) : undefined),
    )
}

/**
 * NOT_FOUND both for unknown orders and for other people's orders: ids are not disclosed. One
 * query: the order row and its lines, codes, events, payments, coupons, support threads and
 * refunds as JSON lists (the result page, the mails and order creation all read it).
 */
export async function getOrderDetail(db: Db, userId: string | null, orderId: string): Promise<OrderDetail> {
  const name = userId === null ? 'order_detail' : 'order_detail_own'
  const [row] = await prepared(db, name, (conn) => orderDetailQuery(conn, userId !== null)).execute({
    orderId,
    userId,
  })
  if (!row) throw new AppError('NOT_FOUND', 'Order not found')
  const { order, items, codes, events, payments: pays, coupons: couponCodes, support, refunds: refundRows } = row
  const creditPaid = Number(row.creditPaid)
  // Only the order's own money: its payment and its credit part; a payment it could not use is
  // returned on its own.
  const paidWith = pays.find((p) => p.id === orderPaymentId(events))
  const ownRefunds = refundRows.filter((r) => r.paymentId === null || r.paymentId === paidWith?.id)
  const cardLeft =
    paidWith?.status === 'succeeded'
      ? refundableMinor(
          paidWith.amountMinor,
          ownRefunds.filter((r) => r.paymentId !== null),
        )
      : 0
  const creditLeft = refundableMinor(
    creditPaid,
    ownRefunds.filter((r) => r.paymentId === null),
  )
  const refundable = isRefundable(order.status) ? cardLeft + creditLeft : 0
  const payable = isPayable(order.status) && (!order.expiresAt || order.expiresAt > new Date())
  return {
    id: order.id,
    number: order.number,
    status: order.status,
    currency: order.currency,
    subtotalMinor: order.subtotalMinor,
    discountMinor: order.discountMinor,
    totalMinor: order.totalMinor,
    creditMinor: order.creditMinor,
    creditPaidMinor: creditPaid,
    coupons: couponCodes,
    player: order.player,
    serverName: serverName(order.player.server, items[0]?.playerFields),
    email: order.email,
    locale: order.locale,
    createdAt: order.createdAt.toISOString(),
    expiresAt: order.expiresAt?.toISOString() ?? null,
    payable,
    playerFix: playerFixOf(order, events, items[0]?.playerFields ?? []),
    refundChoice: refundChoiceOf(order, events, paidWith, refundable),
    items: items.map((item) => ({
      id: item.id,
      skuId: item.skuId,
      title: item.title,
      kind: item.kind,
      quantity: item.quantity,
      unitPriceMinor: item.unitPriceMinor,
      lineMinor: item.unitPriceMinor * item.quantity,
      supplierTxnId: item.supplierTxnId,
      deliveredAt: item.deliveredAt,
      codes: codes.filter((c) => c.skuId === item.skuId).map((c) => c.code),
    })),
    events: events.map((e) => ({
      id: e.id,
      type: e.type,
      fromStatus: e.fromStatus,
      toStatus: e.toStatus,
      data: e.data,
      createdAt: e.createdAt,
    })),
    payments: pays.map((p) => ({
      id: p.id,
      method: p.method,
      status: p.status,
      amountMinor: p.amountMinor,
      currency: p.currency,
      failureCode: p.failureCode,
      createdAt: p.createdAt,
    })),
    refunds: ownRefunds.map((r) => ({
      id: r.id,
      destination: r.destination,
      amountMinor: r.amountMinor,
      currency: r.currency,
      status: r.status,
      // Staff's note stays with staff (and the mail job, which reads as staff do).
      reason: userId === null ? r.reason : null,
      createdAt: r.createdAt,
      completedAt: r.completedAt,
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

/**
 * Fulfilment of a paid order, run as a durable job. Top-ups go to the supplier (idempotent per
 * order item, so a retried job never credits twice); code products take codes from game_codes
 * with FOR UPDATE SKIP LOCKED inside the job's fenced completion, so each code is sold once and
 * an order gets its codes exactly once even if the worker dies mid-way.
 */
import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm'
import type { Db } from '~/server/db/client'
import { gameCodes, games, offers, orderEvents, orderItems, skus } from '~/server/db/schema'
import { RetryLaterError, type JobContext } from '~/server/jobs/registry'
import { defaultSupplierName, supplierFor } from '~/modules/fulfilment/suppliers.server'
import { BALANCE_BEFORE_BATCH_MS, readSupplierBalance } from '~/modules/fulfilment/supplier-balance.server'
import {
  isPlayerDeliveryError,
  type DeliveryWait,
  type Supplier,
  type TopUpDelivery,
} from '~/modules/fulfilment/supplier'
import { config } from '../../../app.config'
import type { OrderJobPayload } from './queues'
import { moveOrder } from './move-order.server'
import { lockOrder, orderNotFound } from './order-lock.server'
import { noteOrderEvent } from './timeline.server'

interface FulfilItem {
  id: number
  skuId: number
  skuCode: string
  units: number
  quantity: number
  slug: string
  kind: 'topup' | 'currency'
  supplierTxnId: string | null
  delivered: boolean
}

/** The order's items as fulfilment needs them, read in the statement that takes the order's lock. */
function itemsOf(orderId: string): SQL<FulfilItem[]> {
  // Raw column names: drizzle leaves columns unqualified inside a CTE's query.
  return sql<FulfilItem[]>`(
    select coalesce(json_agg(json_build_object(
      'id', oi.id, 'skuId', oi.sku_id, 'skuCode', s.code, 'units', s.quantity * oi.quantity,
      'quantity', oi.quantity, 'slug', g.slug, 'kind', g.kind, 'supplierTxnId', oi.supplier_txn_id,
      'delivered', oi.delivered_at is not null
    ) order by oi.id), '[]'::json)
    from ${orderItems} oi
    join ${skus} s on s.id = oi.sku_id
    join ${offers} o on o.id = s.offer_id
    join ${games} g on g.id = o.game_id
    where oi.order_id = ${orderId}
  )`
}

export function fulfilJob(supplierOf: (db: Db) => Supplier = supplierFor) {
  return async ({ orderId }: OrderJobPayload, ctx: JobContext): Promise<void> => {
    const { db } = ctx
    // Under the order's lock: a paid order refunded before this job ran stays refunded (paid →
    // refunded leaves no way to fulfilling), and nothing below runs for it. Only `paid` moves on
    // here: an order waiting for the shopper's player details leaves that state through the
    // correction alone, never through a stray run of a fulfilment job.
    const {
      order,
      moved,
      also: items,
    } = (await moveOrder(db, { orderId }, 'fulfilling', { from: 'paid', also: itemsOf(orderId) })) ??
    orderNotFound(orderId)
    if (!moved && order.status !== 'fulfilling') return // delivered, failed or refunded already
    if (items.every((i) => i.kind === 'currency')) return ctx.complete((tx) => allocateCodes(tx, orderId, items))
    // The balance before a delivery batch (at most once a minute per instance; warns when low).
    const supplier = supplierOf(db)
    await readSupplierBalance(db, defaultSupplierName(), BALANCE_BEFORE_BATCH_MS, supplier)
    await deliverTopUps(db, supplier, { id: orderId, player: order.player, round: order.playerFixes }, items, ctx)
  }
}

async function allocateCodes(tx: Db, orderId: string, items: FulfilItem[]): Promise<void> {
  const order = await lockOrder(tx, orderId)
  if (order.status !== 'fulfilling') return
  for (const item of items) {
    const [{ have }] = await tx
      .select({ have: sql<number>`count(*)::int` })
      .from(gameCodes)
      .where(and(eq(gameCodes.orderId, orderId), eq(gameCodes.skuId, item.skuId)))
    const missing = item.quantity - Number(have)
    if (missing <= 0) continue
    const free = tx
      .select({ id: gameCodes.id })
      .from(gameCodes)
      .where(and(eq(gameCodes.skuId, item.skuId), isNull(gameCodes.orderId)))
      .orderBy(asc(gameCodes.id))
      .limit(missing)
      .for('update', { skipLocked: true })
    const taken = await tx
      .update(gameCodes)
      .set({ orderId, allocatedAt: sql`now()` })
      .where(inArray(gameCodes.id, free))
      .returning({ id: gameCodes.id })
    if (taken.length < missing) {
      // Sold out since the order was placed: put back what this order holds and refund it.
      await tx.update(gameCodes).set({ orderId: null, allocatedAt: null }).where(eq(gameCodes.orderId, orderId))
      await moveOrder(tx, { orderId }, 'failed', { data: { reason: 'OUT_OF_STOCK', skuId: item.skuId } })
      return
    }
  }
  await tx
    .update(orderItems)
    .set({ deliveredAt: sql`now()` })
    .where(eq(orderItems.orderId, orderId))
  await moveOrder(tx, { orderId }, 'delivered', { data: { codes: items.reduce((n, i) => n + i.quantity, 0) } })
}

/** The order's status read under its row lock, so a refund committed just before is seen. */
async function stillFulfilling(db: Db, orderId: string): Promise<boolean> {
  return db.transaction(async (tx) => (await lockOrder(tx, orderId)).status === 'fulfilling')
}

interface Delivering {
  id: string
  player: Record<string, string>
  /** Player corrections so far: a corrected delivery is a new request to the supplier. */
  round: number
}

/**
 * The supplier answers a repeated key with the first outcome, so the round is part of the key
 * (the first round keeps the key orders had before corrections existed).
 */
function deliveryKey(orderId: string, itemId: number, round: number): string {
  return round === 0 ? `${orderId}:${itemId}` : `${orderId}:${itemId}:fix-${round}`
}

type Answer = Exclude<TopUpDelivery, { status: 'waiting' }>

/** Once per order: the shopper's timeline says delivery is delayed (ADR 100). */
async function noteDeliveryDelayed(db: Db, orderId: string, reason: DeliveryWait): Promise<void> {
  await db.execute(sql`insert into ${orderEvents} (order_id, type, data)
    select ${orderId}::uuid, 'delivery_delayed', ${JSON.stringify({ reason })}::jsonb
    where not exists (select 1 from ${orderEvents} where order_id = ${orderId}::uuid and type = 'delivery_delayed')`)
}

async function deliverTopUps(
  db: Db,
  supplier: Supplier,
  { id: orderId, player, round }: Delivering,
  items: FulfilItem[],
  ctx: JobContext,
): Promise<void> {
  const results = new Map<number, Answer>()
  let asked = false
  for (const item of items) {
    if (item.delivered) continue
    // Staff may have refunded the order since the job started: ask the supplier for nothing more.
    // (Before the first request the job has just seen it fulfilling, under its lock.)
    if (asked && !(await stillFulfilling(db, orderId))) break
    asked = true
    const answer = await supplier.deliverTopUp({
      idempotencyKey: deliveryKey(orderId, item.id, round),
      gameSlug: item.slug,
      skuCode: item.skuCode,
      units: item.units,
      playerId: player.playerId ?? '',
      server: player.server,
    })
    if (answer.status === 'waiting') {
      // The supplier does not answer, or its balance is short: the order waits in fulfilling (not
      // refunded), the shopper reads that delivery is delayed, and the job asks again by itself.
      // Lines already answered are asked again then too: their references make that harmless.
      await noteDeliveryDelayed(db, orderId, answer.reason)
      throw new RetryLaterError(answer.retryAfterMs, `supplier: ${answer.reason}`)
    }
    results.set(item.id, answer)
  }
  // Accepted, not yet delivered: the supplier's callback wakes the job, else it polls after the wait.
  if ([...results.values()].some((r) => r.status === 'pending'))
    throw new RetryLaterError(config().SUPPLIER_CALLBACK_WAIT_MS, 'supplier pending')
  const answers = [...results]
  /** The supplier's answer on each item asked for (`condition`: only if the statement moved the order). */
  const answerWrites = (conn: Db, condition?: SQL) =>
    answers.map(([itemId, r]) =>
      conn
        .update(orderItems)
        .set({ supplierTxnId: r.transactionId, deliveredAt: r.status === 'delivered' ? sql`now()` : null })
        .where(and(eq(orderItems.id, itemId), condition))
        .getSQL(),
    )
  const late = answers.filter(([, r]) => r.status === 'delivered').map(([, r]) => r.transactionId)
  const lateNote = (condition: SQL) =>
    sql`insert into ${orderEvents} (order_id, type, data)
      select ${orderId}::uuid, 'delivered_after_refund', ${JSON.stringify({ supplierTxnIds: late })}::jsonb
      where ${condition}`
  const failed = answers.map(([, r]) => r).find((r) => r.status === 'failed')
  if (!failed) {
    // Delivered: the supplier's answers, the move, its jobs and the job's completion are one
    // statement (issue 11). Refunded while a supplier call was in flight, the order stays
    // refunded; that top-up cannot be recalled, so staff see it on the timeline.
    await ctx.completeInStatement(async (fence) => {
      const move = await moveOrder(db, { orderId }, 'delivered', {
        from: 'fulfilling',
        data: { supplierTxnIds: answers.map(([, r]) => r.transactionId) },
        fence,
        alongside: ({ ifMoved, ifNotMoved }) => [
          ...answerWrites(db, ifMoved),
          ...(late.length > 0 ? [lateNote(ifNotMoved)] : []),
        ],
      })
      return { fenced: (move ?? orderNotFound(orderId)).fenced, result: undefined }
    })
    return
  }
  await ctx.complete(async (tx) => {
    const order = await lockOrder(tx, orderId)
    if (order.status !== 'fulfilling') {
      if (late.length > 0) await noteOrderEvent(tx, orderId, 'delivered_after_refund', { supplierTxnIds: late })
      return
    }
    // The player was refused (a typo, the wrong server or region): the shopper may correct it
    // before the money goes back; anything else is refunded at once, as before.
    const next = isPlayerDeliveryError(failed.code) ? 'needs_player_details' : 'failed'
    await moveOrder(tx, { orderId }, next, {
      data: { reason: failed.code },
      notes: [{ type: 'delivery_failed', data: { supplierTxnId: failed.transactionId, code: failed.code } }],
      // The supplier's answers are written with the order's move (one statement).
      alongside: answerWrites(tx),
    })
  })
}

/**
 * Commission on referred shoppers' orders, driven by the order jobs (jobs.server.ts): booked as
 * pending when paid, released after delivery + hold, reversed on refund. Every use case is
 * idempotent (jobs may run twice) and keyed by the order's attribution row, which is locked while
 * its state changes.
 */
import { and, eq, lte, ne, sql } from 'drizzle-orm'
import type { Db } from '~/server/db/client'
import {
  attributions,
  orderCreatorCodes,
  orderItems,
  orders,
  promoters,
  referrals,
  skuPrices,
} from '~/server/db/schema'
import type { AttributionFlag, AttributionSource, AttributionStatus } from '~/server/db/schema'
import { log } from '~/server/log'
import { now } from '~/modules/time/clock'
import { commissionBase, commissionMinor } from './commission'
import { repayCreditDebt, reverseCreditedCommission } from './credit-transfer.server'
import { move, postTransaction } from './ledger.server'
import { programmeTerms } from './terms.server'
import { DAY_MS } from '~/modules/time/days'

/** The order never reached a state that earns commission (or is already being undone). */
const VOID_ORDER_STATUSES = new Set(['failed', 'refunded', 'cancelled', 'expired'])
const UNPAID_ORDER_STATUSES = new Set(['created', 'awaiting_payment'])

type Order = typeof orders.$inferSelect
type Attribution = typeof attributions.$inferSelect

export type PaidOutcome = 'not_referred' | 'already_booked' | AttributionStatus

/** affiliate.order-paid: book pending commission if the buyer was referred. */
export async function onOrderPaid(db: Db, orderId: string): Promise<PaidOutcome> {
  return db.transaction((tx) => bookOrder(tx, orderId))
}

async function bookOrder(tx: Db, orderId: string): Promise<PaidOutcome> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId))
  if (!order) throw new Error(`order ${orderId} not found`)
  const referral = await referrerOf(tx, order)
  if (!referral) return 'not_referred'
  // The job is enqueued in the transaction that marks the order paid, so this means a bug upstream.
  if (UNPAID_ORDER_STATUSES.has(order.status)) throw new Error(`order ${orderId} is not paid (${order.status})`)
  const [promoter] = await tx.select().from(promoters).where(eq(promoters.userId, referral.promoterId))
  const rateBps = promoter.commissionBps ?? programmeTerms().rateBps
  const base = await baseInCurrency(tx, order, promoter.currency)
  // A pending or suspended promoter earns nothing on orders booked meanwhile (ADR 054); the row is
  // kept, flagged, so the order still shows in their statistics and in the admins' review list.
  const flag = promoter.status !== 'active' ? 'promoter_inactive' : await selfReferralFlag(tx, order, promoter.userId)
  const status: AttributionStatus = VOID_ORDER_STATUSES.has(order.status)
    ? 'void'
    : flag || base === undefined
      ? 'flagged'
      : 'pending'
  const commission = status === 'pending' ? commissionMinor(base ?? 0, rateBps) : 0
  const at = now()
  const [row] = await tx
    .insert(attributions)
    .values({
      orderId,
      promoterId: promoter.userId,
      linkId: referral.linkId,
      buyerId: order.userId,
      source: referral.source,
      status,
      flag: flag ?? (base === undefined ? 'no_price' : null),
      currency: promoter.currency,
      baseMinor: base ?? 0,
      rateBps,
      commissionMinor: commission,
      paidAt: at,
      createdAt: at,
    })
    .onConflictDoNothing({ target: attributions.orderId })
    .returning()
  if (!row) return 'already_booked'
  if (status === 'flagged')
    log.warn({ orderId, promoterId: promoter.userId, flag: row.flag }, 'affiliate order flagged')
  if (commission > 0) {
    await postTransaction(tx, {
      promoterId: promoter.userId,
      currency: promoter.currency,
      kind: 'commission',
      orderId,
      at,
      postings: move('platform_expense', 'promoter_pending', commission),
    })
  }
  return status
}

/**
 * Who the order is attributed to: the creator whose code the order carries, whatever the buyer's
 * referral binding says (ADR 120); else the promoter the buyer signed up through.
 */
async function referrerOf(
  tx: Db,
  order: Order,
): Promise<{ promoterId: string; linkId: number | null; source: AttributionSource } | undefined> {
  const [byCode] = await tx
    .select({ promoterId: orderCreatorCodes.promoterId })
    .from(orderCreatorCodes)
    .where(eq(orderCreatorCodes.orderId, order.id))
  if (byCode) return { promoterId: byCode.promoterId, linkId: null, source: 'code' }
  const [referral] = await tx.select().from(referrals).where(eq(referrals.userId, order.userId))
  return referral ? { promoterId: referral.promoterId, linkId: referral.linkId, source: 'link' } : undefined
}

/** The order's net amount in the promoter's currency (see commissionBase). */
async function baseInCurrency(tx: Db, order: Order, currency: string): Promise<number | undefined> {
  if (order.currency === currency) return order.totalMinor
  const items = await tx
    .select({ quantity: orderItems.quantity, unitPriceMinor: skuPrices.amountMinor })
    .from(orderItems)
    .leftJoin(skuPrices, and(eq(skuPrices.skuId, orderItems.skuId), eq(skuPrices.currency, currency)))
    .where(eq(orderItems.orderId, order.id))
  return commissionBase(
    order,
    currency,
    items.map((i) => ({ quantity: i.quantity, unitPriceMinor: i.unitPriceMinor ?? undefined })),
  )
}

/**
 * Self-referral earns nothing: the buyer is the promoter, or the order tops up a player ID that
 * the promoter's own orders used (a second account buying for the promoter's own game account).
 */
async function selfReferralFlag(tx: Db, order: Order, promoterId: string): Promise<AttributionFlag | undefined> {
  if (order.userId === promoterId) return 'self_referral_buyer'
  const playerId = order.player?.playerId?.trim()
  if (!playerId) return undefined
  const [hit] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(eq(orders.userId, promoterId), ne(orders.id, order.id), sql`${orders.player}->>'playerId' = ${playerId}`),
    )
    .limit(1)
  return hit ? 'self_referral_player' : undefined
}

/** affiliate.order-delivered: start the hold period. */
export async function onOrderDelivered(db: Db, orderId: string): Promise<'scheduled' | 'skipped'> {
  // Jobs may arrive out of order: make sure the paid step happened first.
  await onOrderPaid(db, orderId)
  const at = now()
  const availableAt = new Date(at.getTime() + programmeTerms().holdDays * DAY_MS)
  const updated = await db
    .update(attributions)
    .set({ deliveredAt: at, availableAt })
    .where(
      and(
        eq(attributions.orderId, orderId),
        eq(attributions.status, 'pending'),
        sql`${attributions.deliveredAt} is null`,
      ),
    )
    .returning({ id: attributions.id })
  return updated.length > 0 ? 'scheduled' : 'skipped'
}

const REVERSIBLE = new Set<AttributionStatus>(['pending', 'available', 'credited'])

/**
 * affiliate.order-refunded: take the commission back, even if it was already released or moved
 * into store credit.
 */
export async function onOrderRefunded(db: Db, orderId: string): Promise<'reversed' | 'nothing'> {
  return db.transaction(async (tx) => {
    let attribution = await lockAttribution(tx, orderId)
    if (!attribution) {
      // Refunded before the paid job ran: record it as void so that job books nothing later.
      await bookOrder(tx, orderId)
      attribution = await lockAttribution(tx, orderId)
    }
    if (!attribution || !REVERSIBLE.has(attribution.status)) return 'nothing'
    const at = now()
    if (attribution.status === 'credited') {
      // Moved into store credit: taken back from there, even if already spent (ADR 059).
      await reverseCreditedCommission(tx, attribution, at)
    } else if (attribution.commissionMinor > 0) {
      const from = attribution.status === 'pending' ? 'promoter_pending' : 'promoter_available'
      await postTransaction(tx, {
        promoterId: attribution.promoterId,
        currency: attribution.currency,
        kind: 'reversal',
        orderId,
        at,
        postings: move(from, 'platform_expense', attribution.commissionMinor),
      })
    }
    await tx.update(attributions).set({ status: 'reversed', reversedAt: at }).where(eq(attributions.id, attribution.id))
    return 'reversed'
  })
}

async function lockAttribution(tx: Db, orderId: string): Promise<Attribution | undefined> {
  const [row] = await tx.select().from(attributions).where(eq(attributions.orderId, orderId)).for('update')
  return row
}

/**
 * The release sweep: pending commission whose hold has passed becomes available, unless the
 * order is no longer delivered (a refund is on its way); a promoter's store-credit debt is then
 * repaid from it. Batches of 100, each its own
 * transaction; SKIP LOCKED lets several instances sweep at once. Returns how many were released.
 */
export async function releaseDueCommissions(db: Db, at: Date = now()): Promise<number> {
  let released = 0
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const due = await tx
        .select({ attribution: attributions })
        .from(attributions)
        .innerJoin(orders, eq(orders.id, attributions.orderId))
        .where(
          and(eq(attributions.status, 'pending'), lte(attributions.availableAt, at), eq(orders.status, 'delivered')),
        )
        .orderBy(attributions.availableAt)
        .limit(100)
        .for('update', { of: attributions, skipLocked: true })
      const releasedBy = new Map<string, number>()
      for (const { attribution: a } of due) {
        if (a.commissionMinor > 0) {
          releasedBy.set(a.promoterId, (releasedBy.get(a.promoterId) ?? 0) + a.commissionMinor)
          await postTransaction(tx, {
            promoterId: a.promoterId,
            currency: a.currency,
            kind: 'release',
            orderId: a.orderId,
            at,
            postings: move('promoter_pending', 'promoter_available', a.commissionMinor),
          })
        }
        await tx.update(attributions).set({ status: 'available', releasedAt: at }).where(eq(attributions.id, a.id))
      }
      // A negative store credit is repaid from new commission first (ADR 059). Promoters in id
      // order: two sweeps sharing promoters then lock them in the same order.
      for (const promoterId of [...releasedBy.keys()].sort()) {
        await repayCreditDebt(tx, promoterId, releasedBy.get(promoterId)!, at)
      }
      return due.length
    })
    released += batch
    if (batch < 100) return released
  }
}

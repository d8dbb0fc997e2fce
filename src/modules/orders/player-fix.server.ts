/**
 * "Fix it yourself" (issue 16, ADR 057): the supplier refused the player at delivery, the order
 * waits in needs_player_details, and its owner gives corrected player details, which go back to
 * the supplier. Everything that decides on the order's state runs under its row lock, so a double
 * submit, or a correction racing the expiry job, delivers at most once.
 */
import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '~/server/db/client'
import { games, offers, orderItems, orders, skus } from '~/server/db/schema'
import { enqueue } from '~/server/jobs/queue'
import { RetryLaterError, type JobContext } from '~/server/jobs/registry'
import type { Caller } from '~/server/rate-limit'
import type { PlayerField } from '~/modules/catalog/catalog.schemas'
import { AppError } from '~/modules/errors/app-error'
import { chargePlayerLookup } from '~/modules/fulfilment/player-limits.server'
import { validatePlayerForm } from '~/modules/fulfilment/player-form'
import type { PlayerCheckResult, Supplier } from '~/modules/fulfilment/supplier'
import type { PlayerFixInput } from './orders.schemas'
import { ORDER_QUEUES, type OrderJobPayload } from './queues'
import { moveOrder } from './move-order.server'
import { lockOrder } from './order-lock.server'
import { orderMoney } from './refund-money.server'
import { enqueueOrderRefund } from './refunds.server'
import { noteOrderEvent } from './timeline.server'

interface FixTarget {
  status: string
  player: Record<string, string>
  gameSlug: string
  fields: PlayerField[]
}

/** NOT_FOUND for unknown orders and other people's orders alike (ids are not disclosed). */
async function loadTarget(db: Db, userId: string, orderId: string): Promise<FixTarget> {
  const [row] = await db
    .select({ status: orders.status, player: orders.player, gameSlug: games.slug, fields: games.playerFields })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .innerJoin(skus, eq(skus.id, orderItems.skuId))
    .innerJoin(offers, eq(offers.id, skus.offerId))
    .innerJoin(games, eq(games.id, offers.gameId))
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
    .limit(1)
  if (!row) throw new AppError('NOT_FOUND', 'Order not found')
  return row
}

function notWaiting(): AppError {
  return new AppError('CONFLICT', 'This order is not waiting for player details', {
    issues: [{ path: 'status', message: 'not_waiting_for_player' }],
  })
}

/**
 * The game's field rules, then the supplier's check, within the caller's lookup budget (the
 * same as the offer page's "check player"). Refusals are INVALID_INPUT with the field and code.
 */
async function checkCorrection(
  db: Db,
  supplier: Supplier,
  caller: Caller,
  target: FixTarget,
  input: PlayerFixInput,
): Promise<{ player: Record<string, string>; check: PlayerCheckResult }> {
  if (target.status !== 'needs_player_details') throw notWaiting()
  const form = validatePlayerForm(target.fields, input.player)
  if (!form.ok) {
    throw new AppError('INVALID_INPUT', 'Invalid player details', {
      issues: Object.entries(form.issues).map(([key, issue]) => ({ path: `player.${key}`, message: String(issue) })),
    })
  }
  await chargePlayerLookup(db, caller)
  const playerId = form.values.playerId ?? ''
  const server = form.values.server || undefined
  const check = await supplier.checkPlayer(target.gameSlug, playerId, server)
  return { player: { playerId, ...(server ? { server } : {}) }, check }
}

/** "Check player" on the order page: the nickname the supplier knows, or its refusal code. */
export async function checkOrderPlayer(
  db: Db,
  supplier: Supplier,
  caller: Caller & { userId: string },
  orderId: string,
  input: PlayerFixInput,
): Promise<PlayerCheckResult> {
  const target = await loadTarget(db, caller.userId, orderId)
  return (await checkCorrection(db, supplier, caller, target, input)).check
}

/**
 * Stores the corrected player and hands the order back to fulfilment. CONFLICT
 * `not_waiting_for_player` once the order left needs_player_details (already corrected, refunded)
 * or its window passed (the refund may be on its way); INVALID_INPUT with the supplier's code when
 * the new player is refused too, and then nothing changes.
 */
export async function correctOrderPlayer(
  db: Db,
  supplier: Supplier,
  caller: Caller & { userId: string },
  orderId: string,
  input: PlayerFixInput,
): Promise<{ status: 'fulfilling' }> {
  const target = await loadTarget(db, caller.userId, orderId)
  const { player, check } = await checkCorrection(db, supplier, caller, target, input)
  if (!check.ok) {
    throw new AppError('INVALID_INPUT', 'Player not accepted by the game', {
      issues: [{ path: check.code === 'WRONG_SERVER' ? 'player.server' : 'player.playerId', message: check.code }],
    })
  }
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId)
    const [row] = await tx
      .select({ until: orders.playerFixUntil, round: orders.playerFixes, player: orders.player })
      .from(orders)
      .where(eq(orders.id, orderId))
    if (order.status !== 'needs_player_details' || !row?.until || row.until <= new Date()) throw notWaiting()
    // A refund of everything already asked for (by staff): delivering now would give both.
    if ((await orderMoney(tx, orderId))?.refundableMinor === 0) throw notWaiting()
    const round = row.round + 1
    const next: Record<string, string> = { ...player, nickname: check.nickname }
    await tx
      .update(orders)
      .set({ player: next, playerFixes: round, playerFixUntil: null, updatedAt: sql`now()` })
      .where(eq(orders.id, orderId))
    await noteOrderEvent(tx, orderId, 'player_fixed', {
      fromPlayerId: row.player.playerId ?? null,
      fromServer: row.player.server ?? null,
      toPlayerId: next.playerId ?? null,
      toServer: next.server ?? null,
      round,
    })
    await moveOrder(tx, { orderId }, 'fulfilling', { data: { reason: 'player_fixed' } })
    await enqueue(tx, {
      queue: ORDER_QUEUES.fulfil,
      payload: { orderId },
      dedupeKey: `fulfil:${orderId}:fix-${round}`,
      maxAttempts: 10,
    })
    return { status: 'fulfilling' as const }
  })
}

/**
 * Scheduled at the deadline by openPlayerFixWindow: an order still waiting gets the automatic
 * full refund of a failed delivery. A corrected or refunded order is left alone, and a second
 * run finds nothing left to refund.
 */
export async function playerFixExpiredJob({ orderId }: OrderJobPayload, ctx: JobContext): Promise<void> {
  const [order] = await ctx.db.select({ until: orders.playerFixUntil }).from(orders).where(eq(orders.id, orderId))
  const wait = order?.until ? order.until.getTime() - Date.now() : 0
  // Run early (clock skew, or an earlier round's job): come back when the window has passed.
  if (wait > 0) throw new RetryLaterError(wait)
  await ctx.complete(async (tx) => {
    const locked = await lockOrder(tx, orderId)
    const [row] = await tx.select({ until: orders.playerFixUntil }).from(orders).where(eq(orders.id, orderId))
    if (locked.status !== 'needs_player_details' || !row?.until || row.until > new Date()) return
    const refunding = (await orderMoney(tx, orderId))?.refundableMinor === 0
    if (!refunding) await noteOrderEvent(tx, orderId, 'player_fix_expired', { until: row.until.toISOString() })
    await enqueueOrderRefund(tx, orderId, 'player_fix_expired')
  })
}

/**
 * The one way an order changes status. The move, its timeline, its jobs and the caller's writes
 * are one statement (move-statement.server.ts); the effects of the new status (order-machine
 * .server.ts) run after it in the same transaction, so a status and its consequences commit or
 * vanish together. Callers do not choose how: given a transaction, the move joins it; given the
 * database, the move is one statement without a transaction when no effect of the new status
 * applies to the order (the checkout's hot path: ADR 063, 071, 073), and opens a transaction
 * itself when one does.
 */
import { sql, SQL } from 'drizzle-orm'
import { PgTransaction } from 'drizzle-orm/pg-core'
import type { Db } from '~/server/db/client'
import type { LockedOrder } from './order-lock.server'
import { entryOf, type EffectCondition, type EntryEffect } from './order-machine.server'
import { statusesInto, type OrderStatus } from './order-status'
import { runMoveStatement, type Move, type MoveOptions, type MoveTarget } from './move-statement.server'

export type { Move, MoveOptions, MoveTarget } from './move-statement.server'

/** Each effect condition over the locked row: in the statement (its `cur`), and on the row it returns. */
const CONDITIONS: Record<EffectCondition, { sql: SQL; holds(order: LockedOrder): boolean }> = {
  hasCoupon: { sql: sql`(select has_coupon from cur)`, holds: (order) => order.hasCoupon },
  hasCredit: { sql: sql`(select credit_minor from cur) > 0`, holds: (order) => order.creditMinor > 0 },
}

const applies = (effect: EntryEffect, order: LockedOrder) => !effect.when || CONDITIONS[effect.when].holds(order)

/**
 * Moves the order to `to` if it is in one of `options.from` (by default any status the machine
 * lets into `to`) and the guard, fence and gate allow it. Returns the order as it was locked (its
 * status before the move), whether it moved, and `also`; undefined when there is no such order.
 * "Not moved" is how callers learn that someone else got there first, which is what makes
 * retries and duplicate events harmless.
 */
export async function moveOrder<Also = null>(
  conn: Db,
  target: MoveTarget,
  to: OrderStatus,
  options: MoveOptions<Also> = {},
): Promise<Move<Also> | undefined> {
  const from = fromStatuses(to, options.from)
  const { jobs, effects } = entryOf(to)
  if (!(conn instanceof PgTransaction) && effects.length > 0) {
    // An effect that applies to every order: no statement could do without the transaction.
    if (effects.some((e) => e.when === undefined)) return conn.transaction((tx) => moveOrder(tx, target, to, options))
    assertDeferrable(to, options)
    const needsTransaction = sql`(${sql.join(
      [...new Set(effects.map((e) => e.when!))].map((when) => CONDITIONS[when].sql),
      sql` or `,
    )})`
    const tried = await runMoveStatement(conn, target, to, from, jobs, options, needsTransaction)
    if (tried?.deferred) return conn.transaction((tx) => moveOrder(tx, target, to, options))
    return tried && withoutDeferred(tried)
  }
  const move = await runMoveStatement(conn, target, to, from, jobs, options)
  if (!move?.moved) return move && withoutDeferred(move)
  const next = []
  for (const effect of effects) {
    if (applies(effect, move.order)) next.push(await effect.run(conn, move.order))
  }
  // An effect that leads straight on to another status (a refund settled at once completes it).
  for (const then of next) if (then) await moveOrder(conn, { orderId: then.orderId }, then.to, { data: then.data })
  return withoutDeferred(move)
}

function fromStatuses(to: OrderStatus, from: MoveOptions<unknown>['from']): readonly OrderStatus[] {
  const allowed = statusesInto(to)
  if (from === undefined) return allowed
  const asked = typeof from === 'string' ? [from] : from
  for (const status of asked) if (!allowed.includes(status)) throw new Error(`no transition ${status} → ${to}`)
  return asked
}

/**
 * A move that may have to be done again in a transaction must not have written anything the
 * first time: writes made either way and a job's fence (its completion) cannot be undone.
 */
function assertDeferrable(to: OrderStatus, { alongside, fence }: MoveOptions<unknown>): void {
  if (fence || Array.isArray(alongside)) {
    throw new Error(`a move to ${to} may need a transaction: pass a transaction, or no fence and conditional writes`)
  }
}

function withoutDeferred<Also>({ deferred: _deferred, ...move }: Move<Also> & { deferred: boolean }): Move<Also> {
  return move
}

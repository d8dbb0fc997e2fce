/**
 * The statement that moves an order (ADR 063, 071, 073): it locks the order (and the payment a
 * webhook names), checks the move, updates the status, writes the timeline, queues the status's
 * jobs, makes the caller's writes and sends the notice to waiting result pages — one round trip,
 * inside a transaction or without one. Only moveOrder (move-order.server.ts) calls it.
 */
import { is, sql, SQL } from 'drizzle-orm'
import { afterCommit } from '~/server/db/after-commit'
import type { Db } from '~/server/db/client'
import { orderEvents, orders, payments } from '~/server/db/schema'
import { enqueueStatement, type NewJob, type QueuedJobRow } from '~/server/jobs/queue'
import { orderStatusChanged } from '~/server/metrics'
import type { EntryJob } from './handoffs.server'
import { lockedColumns, orderWhere, paymentOf, type LockedOrder } from './order-lock.server'
import type { OrderStatus } from './order-status'
import { announceMoved, statusNotice } from './status-wait.server'
import type { OrderNote } from './timeline.server'

/** Which order: by id (only the owner's, with `ownerId`), or the one a gateway's payment is for. */
export type MoveTarget = { orderId: string; ownerId?: string } | { paymentId: string; gateway: string }

export interface MoveOptions<Also> {
  /** The statuses the move may start from; by default every one ORDER_TRANSITIONS lets into `to`. */
  from?: OrderStatus | readonly OrderStatus[]
  /** The status event's data. */
  data?: Record<string, unknown>
  /** Timeline notes written just before the status event, only when the order moves. */
  notes?: readonly OrderNote[]
  /**
   * A further condition, over the locked row (`(select expires_at from cur)`; with a payment
   * target also `payment_status`, `payment_amount`, `payment_currency`, `payment_method`).
   */
  guard?: SQL
  /**
   * A write that must return a row for the order to move, given the condition that everything
   * else allows it (put it in its WHERE): a webhook's event id inserted ON CONFLICT DO NOTHING, so
   * that a duplicate moves nothing and nothing is written unless it moves.
   */
  gate?: (ok: SQL) => SQL
  /** An SQL expression read in the same round trip (e.g. the order's items). */
  also?: SQL<Also>
  /**
   * Writes on other tables than `orders` and `jobs` (one statement must not modify a row twice)
   * that go in the same statement: a list is written whether or not the order moves; a function
   * gets the two conditions to put in their WHERE, `ifMoved` or `ifNotMoved` (the order was not
   * in `from`, the guard did not hold, or the fence did not match).
   */
  alongside?: readonly SQL[] | ((when: { ifMoved: SQL; ifNotMoved: SQL }) => SQL[])
  /** A job's fenced completion (JobContext.completeInStatement): nothing moves unless it matched. */
  fence?: SQL
}

export interface Move<Also> {
  /** The order as locked, before the move. */
  order: LockedOrder
  moved: boolean
  /** Whether the fence matched (true without one). */
  fenced: boolean
  also: Also
}

const paymentColumns = {
  paymentStatus: sql<string>`${payments.status}`.as('payment_status'),
  paymentAmount: sql<number>`${payments.amountMinor}`.as('payment_amount'),
  paymentCurrency: sql<string>`${payments.currency}`.as('payment_currency'),
  paymentMethod: sql<string>`${payments.method}`.as('payment_method'),
}

const none = sql`select null::uuid as id where false`

/**
 * Moves the order from one of `from` to `to` when the guard, fence and gate allow it. With
 * `needsTransaction` (an SQL condition over `cur`: an effect of `to` applies) it does not move an
 * order for which that holds and answers `deferred` instead, having written nothing but what does
 * not depend on the move. Undefined when there is no such order (or payment, or not the owner's).
 */
export async function runMoveStatement<Also>(
  conn: Db,
  target: MoveTarget,
  to: OrderStatus,
  from: readonly OrderStatus[],
  jobs: readonly EntryJob[],
  options: MoveOptions<Also>,
  needsTransaction?: SQL,
): Promise<(Move<Also> & { deferred: boolean }) | undefined> {
  const { also, data = {}, notes = [], guard, gate, alongside, fence } = options
  const byPayment = 'paymentId' in target
  const orderId = byPayment ? sql`(select id from cur)` : target.orderId
  const locked = byPayment
    ? conn
        .select({ ...lockedColumns, ...paymentColumns })
        .from(orders)
        .innerJoin(payments, paymentOf(target.paymentId, target.gateway))
        .for('update', { of: [orders, payments] })
    : conn.select(lockedColumns).from(orders).where(orderWhere(target.orderId, target.ownerId)).for('update')
  const cur = conn.$with('cur').as(locked)
  const fenceRows = conn.$with('fence', { id: orders.id }).as(fence ?? none)
  const fenced = fence ? sql`exists (select 1 from fence)` : sql`true`
  const statuses = sql.join(
    from.map((s) => sql`${s}`),
    sql`, `,
  )
  // Everything but the gate (its own WHERE) and a transaction allows the move.
  const allowed = sql`(select status from cur) in (${statuses}) and (${guard ?? sql`true`}) and ${fenced}`
  const deferred = needsTransaction ? sql`(${allowed} and ${needsTransaction})` : sql`false`
  const ok = needsTransaction ? sql`${allowed} and not ${needsTransaction}` : allowed
  const gateRows = conn.$with('gate', {}).as(gate?.(ok) ?? sql`select 1 as one`)
  const moved = conn.$with('moved', { id: orders.id }).as(
    sql`update ${orders} set status = ${to}, updated_at = now()
      where ${orders.id} = ${orderId} and ${ok} and exists (select 1 from gate) returning ${orders.id}`,
  )
  const events = [
    ...notes.map(
      (n) => sql`(${n.type}, null, null, ${is(n.data, SQL) ? n.data : sql`${JSON.stringify(n.data)}::jsonb`})`,
    ),
    sql`('status', (select status from cur), ${to}, ${JSON.stringify(data)}::jsonb)`,
  ]
  const noted = conn.$with('noted', {}).as(
    sql`insert into ${orderEvents} (order_id, type, from_status, to_status, data)
      select moved.id, e.type, e.from_status, e.to_status, e.data
      from moved, (values ${sql.join(events, sql`, `)}) as e(type, from_status, to_status, data)`,
  )
  const ifMoved = sql`exists (select 1 from moved)`
  const queued = jobGroups(orderId, jobs).map(({ batch, onlyIf }) =>
    enqueueStatement(conn, batch, onlyIf ? sql`${ifMoved} and ${onlyIf}` : ifMoved),
  )
  const queuedRows = queued.map((q, i) => conn.$with(`queued_${i}`, { id: orders.id }).as(q.statement))
  const ifNotMoved = sql`not exists (select 1 from moved) and ${fenced} and not ${deferred}`
  const writes = typeof alongside === 'function' ? alongside({ ifMoved, ifNotMoved }) : (alongside ?? [])
  const writeRows = writes.map((statement, i) => conn.$with(`alongside_${i}`, {}).as(statement))
  const fields = Object.fromEntries(Object.keys(lockedColumns).map((key) => [key, cur[key as keyof typeof cur]]))
  const [row] = await conn
    .with(cur, fenceRows, gateRows, moved, noted, ...queuedRows, ...writeRows)
    .select({
      ...(fields as unknown as typeof lockedColumns),
      moved: sql<boolean>`${ifMoved}`,
      fenced: sql<boolean>`${fenced}`,
      deferred: sql<boolean>`${deferred}`,
      notice: sql`(select ${statusNotice(orderId, to)} from moved)`,
      also: also ?? sql<Also>`null`,
      queued: sql<(QueuedJobRow[] | null)[]>`json_build_array(${sql.join(
        queued.map((_, i) => sql`(select json_agg(q) from ${sql.raw(`queued_${i}`)} q)`),
        sql`, `,
      )})`,
    })
    .from(cur)
  if (!row) return undefined
  const {
    moved: didMove,
    fenced: didFence,
    deferred: didDefer,
    notice: _notice,
    also: value,
    queued: rows,
    ...order
  } = row
  queued.forEach((q, i) => q.queued(rows[i] ?? null))
  if (didMove && byPayment) announceMoved(order.id)
  if (didMove) afterCommit(conn, () => orderStatusChanged(order.status, to))
  return { order, moved: didMove, fenced: didFence, deferred: didDefer, also: value }
}

/**
 * The status's jobs as INSERT batches: those for every order together, each conditional one on
 * its own (its condition reads the buyer from the lock). An order the statement finds itself (a
 * webhook names its payment) has its id, payloads and keys read from `cur`.
 */
function jobGroups(orderId: string | SQL, jobs: readonly EntryJob[]): { batch: NewJob[]; onlyIf?: SQL }[] {
  const byId = typeof orderId === 'string'
  const toJob = (job: EntryJob): NewJob => {
    const prefix = job.key ?? job.queue
    const extra = job.payload ?? {}
    return {
      queue: job.queue,
      payload: byId
        ? { orderId, ...extra }
        : sql`jsonb_build_object('orderId', ${orderId}) || ${JSON.stringify(extra)}::jsonb`,
      dedupeKey: byId ? `${prefix}:${orderId}` : sql`${`${prefix}:`}::text || (${orderId})::text`,
      maxAttempts: job.maxAttempts,
    }
  }
  const always = jobs.filter((job) => !job.onlyIf).map(toJob)
  const conditional = jobs
    .filter((job) => job.onlyIf)
    .map((job) => ({
      batch: [toJob(job)],
      onlyIf: job.onlyIf!(sql`(select user_id from cur)`, sql`(select id from cur)`),
    }))
  return [...(always.length ? [{ batch: always }] : []), ...conditional]
}

/**
 * The only way an order changes status: lock the row, check the transition table, update, append
 * the timeline event and enqueue the effects of the new status — all in the caller's
 * transaction, so a status and its consequences (fulfilment, mail, coupon use, affiliate
 * commission) commit or vanish together.
 */
import { and, eq, is, sql, SQL } from 'drizzle-orm'
import { afterCommit } from '~/server/db/after-commit'
import { selectRows, type Db } from '~/server/db/client'
import { orderStatusChanged } from '~/server/metrics'
import { orderEvents, orders, payments } from '~/server/db/schema'
import { enqueueStatement, type NewJob, type QueuedJobRow } from '~/server/jobs/queue'
import { releaseCoupons, redeemCoupons } from '~/modules/coupons/coupons.server'
import { captureCredit, releaseCredit } from '~/modules/store-credit/holds.server'
import { AppError } from '~/modules/errors/app-error'
import { canTransition, COUPON_RELEASING_STATUSES, type OrderStatus } from './order-status'
import { entryJobsOf } from './handoffs.server'
import { ORDER_QUEUES } from './queues'
import { openPlayerFixWindow } from './player-fix-window.server'
import { orderMoney, requestOrderRefunds, settleCreditRefunds } from './refunds.server'
import type { RefundDestination } from './refunds'
import { announceMoved, statusNotice } from './status-wait.server'

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

/** A timeline note written together with a status change (one statement for both). */
export interface OrderNote {
  type: string
  data: Record<string, unknown>
}

// Read with the lock (no extra round trip): orders without a coupon touch no redemption (issue 11:
// fewer queries per order).
const lockedColumns = {
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

/**
 * SELECT … FOR UPDATE: callers that decide on the status take this lock first. With `ownerId`,
 * another shopper's order is NOT_FOUND like a missing one.
 */
export async function lockOrder(tx: Db, orderId: string, ownerId?: string): Promise<LockedOrder> {
  const [row] = await tx
    .select(lockedColumns)
    .from(orders)
    .where(ownerId === undefined ? eq(orders.id, orderId) : and(eq(orders.id, orderId), eq(orders.userId, ownerId)))
    .for('update')
  if (!row)
    throw new AppError('NOT_FOUND', ownerId === undefined ? `Order ${orderId} does not exist` : 'Order not found')
  return row
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
    .innerJoin(
      payments,
      and(eq(payments.orderId, orders.id), eq(payments.id, paymentId), eq(payments.gateway, gateway)),
    )
    .for('update', { of: [orders, payments] })
  return row
}

/**
 * Statuses `lockAndMove` enters in one statement, and the condition under which it may: their
 * entry (onEntry) has nothing to do beyond the status, its timeline, the notice and jobs. Paid
 * captures held store credit and redeems a coupon: an order with either takes the transaction.
 */
const ONE_STATEMENT_ENTRY = {
  awaiting_payment: sql`true`,
  fulfilling: sql`true`,
  delivered: sql`true`,
  paid: sql`(select credit_minor from cur) = 0 and not (select has_coupon from cur)`,
} satisfies Partial<Record<OrderStatus, SQL>>

/** Which order: by id (only the owner's, with `ownerId`), or the one a gateway's payment is for. */
export type MoveTarget = { orderId: string; ownerId?: string } | { paymentId: string; gateway: string }

/** A timeline note written just before the status event (its data may be read from `cur`). */
export interface StatementNote {
  type: string
  data: Record<string, unknown> | SQL
}

export interface LockAndMoveOptions<Also> {
  /** An SQL expression read in the same round trip (e.g. the order's items). */
  also?: SQL<Also>
  /** The status event's data. */
  data?: Record<string, unknown>
  /** Notes written just before the status event, only when the order moves. */
  notes?: readonly StatementNote[]
  /**
   * A further condition for the move, over the locked row (`(select expires_at from cur)`; with a
   * payment target also `payment_status`, `payment_amount`, `payment_currency`, `payment_method`).
   */
  guard?: SQL
  /**
   * A data-modifying statement that must return a row for the order to move, given the condition
   * that everything else allows it (put it in its WHERE): a webhook's event id, inserted ON
   * CONFLICT DO NOTHING, so that a duplicate moves nothing and nothing is written unless it moves.
   */
  gate?: (ok: SQL) => SQL
  /**
   * Writes in the same statement, each carrying one of the two conditions in its WHERE: `ifMoved`
   * (what goes with the move) or `ifNotMoved` (what the caller does when the order was no longer
   * in `from`; false too when a fence did not match).
   */
  alongside?: (when: { ifMoved: SQL; ifNotMoved: SQL }) => SQL[]
  /** A job's fenced completion (JobContext.completeInStatement): nothing moves unless it matched. */
  fence?: SQL
}

const paymentColumns = {
  paymentStatus: sql<string>`${payments.status}`.as('payment_status'),
  paymentAmount: sql<number>`${payments.amountMinor}`.as('payment_amount'),
  paymentCurrency: sql<string>`${payments.currency}`.as('payment_currency'),
  paymentMethod: sql<string>`${payments.method}`.as('payment_method'),
}

/**
 * `lockOrder`, then `transitionOrder` from `from` to `to`, as one statement without a transaction
 * around it (issue 11: round trips per order), for a status whose entry has no effects but jobs.
 * Returns the order as it was locked (its status before the move), whether it moved, whether the
 * fence matched (true without one), and the value of `also`.
 */
export async function lockAndMove<Also = null>(
  db: Db,
  orderId: string,
  from: OrderStatus,
  to: keyof typeof ONE_STATEMENT_ENTRY,
  options: LockAndMoveOptions<Also> = {},
): Promise<{ order: LockedOrder; moved: boolean; fenced: boolean; also: Also }> {
  const result = await tryMoveInStatement(db, { orderId }, from, to, options)
  if (!result) throw new AppError('NOT_FOUND', `Order ${orderId} does not exist`)
  return result
}

/**
 * `lockAndMove` for a fast path: undefined when there is no such order (or payment, or not the
 * owner's), and `moved: false` when anything stands in the way; the caller then takes its
 * transaction, which decides and says why. Nothing is written unless the order moves, except
 * `alongside` writes conditioned on `ifNotMoved` and a fence.
 */
export async function tryMoveInStatement<Also = null>(
  db: Db,
  target: MoveTarget,
  from: OrderStatus,
  to: keyof typeof ONE_STATEMENT_ENTRY,
  { also, data = {}, notes = [], guard, gate, alongside, fence }: LockAndMoveOptions<Also> = {},
): Promise<{ order: LockedOrder; moved: boolean; fenced: boolean; also: Also } | undefined> {
  if (!canTransition(from, to)) throw new Error(`no transition ${from} → ${to}`)
  const byPayment = 'paymentId' in target
  const orderId = byPayment ? sql`(select id from cur)` : target.orderId
  const ifMoved = sql`exists (select 1 from moved)`
  const fenced = fence ? sql`exists (select 1 from fence)` : sql`true`
  const locked = byPayment
    ? db
        .select({ ...lockedColumns, ...paymentColumns })
        .from(orders)
        .innerJoin(
          payments,
          and(eq(payments.orderId, orders.id), eq(payments.id, target.paymentId), eq(payments.gateway, target.gateway)),
        )
        .for('update', { of: [orders, payments] })
    : db
        .select(lockedColumns)
        .from(orders)
        .where(
          target.ownerId === undefined
            ? eq(orders.id, target.orderId)
            : and(eq(orders.id, target.orderId), eq(orders.userId, target.ownerId)),
        )
        .for('update')
  const cur = db.$with('cur').as(locked)
  const fenceRows = db.$with('fence', { id: orders.id }).as(fence ?? sql`select null::uuid as id where false`)
  // Everything but the gate allows the move (the gate's own WHERE).
  const ok = sql`(select status from cur) = ${from} and (${ONE_STATEMENT_ENTRY[to]}) and (${guard ?? sql`true`}) and ${fenced}`
  const gateRows = db.$with('gate', {}).as(gate?.(ok) ?? sql`select 1 as one`)
  const moved = db.$with('moved', { id: orders.id }).as(
    sql`update ${orders} set status = ${to}, updated_at = now()
      where ${orders.id} = ${orderId} and ${ok} and exists (select 1 from gate) returning ${orders.id}`,
  )
  const events = [
    ...notes.map(
      (n) => sql`(${n.type}, null, null, ${is(n.data, SQL) ? n.data : sql`${JSON.stringify(n.data)}::jsonb`})`,
    ),
    sql`('status', ${from}, ${to}, ${JSON.stringify(data)}::jsonb)`,
  ]
  const noted = db.$with('noted', {}).as(
    sql`insert into ${orderEvents} (order_id, type, from_status, to_status, data)
      select moved.id, e.type, e.from_status, e.to_status, e.data
      from moved, (values ${sql.join(events, sql`, `)}) as e(type, from_status, to_status, data)`,
  )
  // The status's jobs, each group on its condition (another module's may depend on the buyer).
  const queued = jobsOnEntry(orderId, sql`(select user_id from cur)`, to).map(({ jobs, onlyIf }) =>
    enqueueStatement(db, jobs, onlyIf ? sql`${ifMoved} and ${onlyIf}` : ifMoved),
  )
  const queuedRows = queued.map((q, i) => db.$with(`queued_${i}`, { id: orders.id }).as(q.statement))
  const ifNotMoved = sql`not exists (select 1 from moved) and ${fenced}`
  const writes = (alongside?.({ ifMoved, ifNotMoved }) ?? []).map((statement, i) =>
    db.$with(`alongside_${i}`, {}).as(statement),
  )
  const fields = Object.fromEntries(Object.keys(lockedColumns).map((key) => [key, cur[key as keyof typeof cur]]))
  const [row] = await db
    .with(cur, fenceRows, gateRows, moved, noted, ...queuedRows, ...writes)
    .select({
      ...(fields as unknown as typeof lockedColumns),
      moved: sql<boolean>`${ifMoved}`,
      fenced: sql<boolean>`${fenced}`,
      notice: sql`(select ${statusNotice(orderId, to)} from moved)`,
      also: also ?? sql<Also>`null`,
      queued: sql<(QueuedJobRow[] | null)[]>`json_build_array(${sql.join(
        queued.map((_, i) => sql`(select json_agg(q) from ${sql.raw(`queued_${i}`)} q)`),
        sql`, `,
      )})`,
    })
    .from(cur)
  if (!row) return undefined
  const { moved: didMove, fenced: didFence, notice: _notice, also: values, queued: queuedJobs, ...order } = row
  queued.forEach((q, i) => q.queued(queuedJobs[i] ?? null))
  if (didMove && byPayment) announceMoved(order.id)
  if (didMove) afterCommit(db, () => orderStatusChanged(from, to))
  return { order, moved: didMove, fenced: didFence, also: values }
}

/** What goes into a status change's own statement besides the status, its event and its jobs. */
export interface TransitionExtras {
  /** Timeline notes written just before the status event, moved or not. */
  notes?: readonly OrderNote[]
  /**
   * Writes that belong with the change (the payment row a webhook settles, the delivered items),
   * each a data-modifying statement on other tables than `orders` and `jobs`. They go into the
   * same statement as the move (issue 11: round trips per order), or run on their own when the
   * move is not allowed: they happen either way.
   */
  alongside?: readonly SQL[]
}

/**
 * Moves the order to `to` if the table allows it from its current status; returns the previous
 * status, or null when the move is not allowed (already there, or past it): callers treat that as
 * "someone else got there first", which is what makes retries and duplicate events harmless.
 * Pass the LockedOrder when this transaction has just locked it and not moved it since (saves
 * taking the lock again).
 */
export async function transitionOrder(
  tx: Db,
  orderOrId: string | LockedOrder,
  to: OrderStatus,
  data: Record<string, unknown> = {},
  { notes = [], alongside = [] }: TransitionExtras = {},
): Promise<OrderStatus | null> {
  const order = typeof orderOrId === 'string' ? await lockOrder(tx, orderOrId) : orderOrId
  if (!canTransition(order.status, to)) {
    for (const statement of alongside) await tx.execute(statement)
    for (const note of notes) await noteOrderEvent(tx, order.id, note.type, note.data)
    return null
  }
  const events = [
    ...notes.map((n) => sql`(${order.id}::uuid, ${n.type}, null, null, ${JSON.stringify(n.data)}::jsonb)`),
    sql`(${order.id}::uuid, 'status', ${order.status}, ${to}, ${JSON.stringify(data)}::jsonb)`,
  ]
  const ifMoved = sql`exists (select 1 from moved)`
  const queued = jobsOnEntry(order.id, sql`${order.userId}::uuid`, to).map(({ jobs, onlyIf }) =>
    enqueueStatement(tx, jobs, onlyIf ? sql`${ifMoved} and ${onlyIf}` : ifMoved),
  )
  const parts = [
    sql`moved as (update ${orders} set status = ${to}, updated_at = now() where ${orders.id} = ${order.id} returning 1)`,
    sql`noted as (insert into ${orderEvents} (order_id, type, from_status, to_status, data) values ${sql.join(events, sql`, `)})`,
    ...queued.map((q, i) => sql`${sql.raw(`queued_${i}`)} as (${q.statement})`),
    ...alongside.map((statement, i) => sql`${sql.raw(`alongside_${i}`)} as (${statement})`),
  ]
  // The new status, its timeline event(s), the jobs it sets off, the writes that go with it and
  // the notice to waiting result pages: one statement.
  const [row] = await selectRows<Record<string, QueuedJobRow[] | null>>(
    tx,
    sql`with ${sql.join(parts, sql`, `)}
    select ${sql.join(
      queued.map((_, i) => sql`(select json_agg(q) from ${sql.raw(`queued_${i}`)} q) as ${sql.raw(`queued_${i}`)}`),
      sql`, `,
    )}${queued.length ? sql`, ` : sql``}${statusNotice(order.id, to)} as notice from moved`,
  )
  queued.forEach((q, i) => q.queued(row?.[`queued_${i}`] ?? null))
  afterCommit(tx, () => orderStatusChanged(order.status, to))
  await onEntry(tx, order, to)
  return order.status
}

/** A timeline note that is not a status change (payment attempt, delivery proof...). */
export async function noteOrderEvent(
  tx: Db,
  orderId: string,
  type: string,
  data: Record<string, unknown> = {},
): Promise<void> {
  await tx.insert(orderEvents).values({ orderId, type, data })
}

/**
 * The jobs a status sets off, queued in the statement that moves the order there: the orders
 * module's own, and those other modules handed over (handoffs.server.ts), each on its condition.
 */
function jobsOnEntry(orderId: string | SQL, buyer: SQL, status: OrderStatus): { jobs: NewJob[]; onlyIf?: SQL }[] {
  // An order known only to the statement (a webhook names its payment) is read from `cur` there.
  const byId = typeof orderId === 'string'
  const payload = (extra: Record<string, unknown> = {}) =>
    byId ? { orderId, ...extra } : sql`jsonb_build_object('orderId', ${orderId}) || ${JSON.stringify(extra)}::jsonb`
  const key = (prefix: string) => (byId ? `${prefix}:${orderId}` : sql`${`${prefix}:`}::text || (${orderId})::text`)
  const handedOver = entryJobsOf(status).map((job) => ({
    jobs: [{ queue: job.queue, payload: payload(), dedupeKey: key(job.queue) }],
    onlyIf: job.onlyIf?.(buyer),
  }))
  switch (status) {
    case 'paid':
      return [
        {
          jobs: [
            { queue: ORDER_QUEUES.fulfil, payload: payload(), dedupeKey: key('fulfil'), maxAttempts: 10 },
            { queue: ORDER_QUEUES.mail, payload: payload({ kind: 'receipt' }), dedupeKey: key('mail:receipt') },
          ],
        },
        ...handedOver,
      ]
    case 'delivered':
      return [
        {
          jobs: [
            { queue: ORDER_QUEUES.mail, payload: payload({ kind: 'delivered' }), dedupeKey: key('mail:delivered') },
          ],
        },
        ...handedOver,
      ]
    default:
      // refunded: the shopper's mail goes with the refund that completed it (one mail per refund).
      return handedOver
  }
}

/** The other effects of entering a status, in the same transaction after the move. */
async function onEntry(tx: Db, order: LockedOrder, status: OrderStatus): Promise<void> {
  const orderId = order.id
  const hasCredit = order.creditMinor > 0
  if (order.hasCoupon && COUPON_RELEASING_STATUSES.includes(status)) await releaseCoupons(tx, orderId)
  // An order that will never be paid gives its held store credit back (ADR 058).
  if (hasCredit && (status === 'cancelled' || status === 'expired')) await releaseCredit(tx, orderId)
  switch (status) {
    case 'paid':
      if (hasCredit) await captureCredit(tx, orderId)
      if (order.hasCoupon) await redeemCoupons(tx, orderId)
      break
    case 'failed':
      // Paid but not deliverable: give the money back without anyone having to ask.
      await enqueueOrderRefund(tx, orderId)
      break
    case 'needs_player_details':
      // No refund yet: the shopper gets a deadline, a mail and a job that refunds when it passes.
      await openPlayerFixWindow(tx, orderId)
      break
    default:
      break
  }
}

/**
 * Everything not yet refunded goes back (the card or wallet part to where it came from, unless the
 * shopper asked for store credit; the credit part as credit); refunds already asked for keep their
 * share. Run again it finds nothing left to refund, so it never gives money back twice.
 */
export async function enqueueOrderRefund(
  tx: Db,
  orderId: string,
  reason: 'delivery_failed' | 'player_fix_expired' | 'shopper_chose_credit' = 'delivery_failed',
  destination: RefundDestination = 'original',
): Promise<void> {
  const money = await orderMoney(tx, orderId)
  if (!money) {
    // Nothing was captured (cannot happen for a paid order, but never invent a refund).
    await noteOrderEvent(tx, orderId, 'refund_skipped', { reason: 'no_captured_payment' })
    return
  }
  if (money.refundableMinor === 0) return // the refunds under way already cover it all
  const rows = await requestOrderRefunds(tx, orderId, money, money.refundableMinor, {
    destination,
    reason,
    requestedBy: null,
  })
  for (const refund of rows) {
    await noteOrderEvent(tx, orderId, 'refund_requested', {
      by: reason === 'shopper_chose_credit' ? 'shopper' : 'shop',
      paymentId: refund.paymentId,
      refundId: refund.id,
      amountMinor: refund.amountMinor,
      currency: refund.currency,
      destination: refund.destination,
    })
  }
  await settleCreditRefunds(tx, rows)
}

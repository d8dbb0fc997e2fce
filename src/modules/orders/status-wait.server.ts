/**
 * Long polls on an order's status: a result page asks "tell me when it is no longer X" and gets
 * one answer when the status moves, instead of polling blindly. A status change announces itself
 * in its own transaction: on PostgreSQL with NOTIFY (delivered at commit, to every instance), on
 * the single-process embedded database in process. Waiters also re-read every few seconds, so a
 * lost notice only delays an answer.
 */
import { EventEmitter } from 'node:events'
import { and, eq, sql, type SQL } from 'drizzle-orm'
import { onNotice } from '~/server/cache-sync'
import { dbDriver, type Db } from '~/server/db/client'
import { prepared } from '~/server/db/prepared'
import { orders } from '~/server/db/schema'
import { shutdownSignal } from '~/server/shutdown'
import { AppError } from '~/modules/errors/app-error'
import type { OrderStatus } from './order-status'

const CHANNEL = 'order_status'
const RECHECK_MS = 3_000
export const MAX_WAIT_MS = 25_000

const changes = new EventEmitter()
changes.setMaxListeners(0) // one listener per waiting request
// A notice is "<orderId>" or "<orderId> <new status>": with the status a waiter answers at once.
onNotice(CHANNEL, (payload) => {
  const [orderId, status] = payload.split(' ')
  if (orderId) changes.emit(orderId, status || undefined)
})

/**
 * The NOTIFY of a status change as a SELECT expression, for the statement that makes the change
 * (issue 11: no extra round trip); on the embedded database `sql\`1\`` and an in-process notice.
 * PostgreSQL delivers it at commit, so a waiter never hears of a change that was rolled back. An
 * order id the statement reads itself (SQL) is announced in process by `announceMoved` after it.
 */
export function statusNotice(orderId: string | SQL, status: OrderStatus): SQL {
  if (dbDriver() === 'postgres') return sql`pg_notify(${CHANNEL}, (${orderId})::text || ${` ${status}`})`
  if (typeof orderId === 'string') announceInProcess(orderId)
  return sql`1`
}

/** The embedded database's notice of a move whose order the statement found itself. */
export function announceMoved(orderId: string): void {
  if (dbDriver() !== 'postgres') announceInProcess(orderId)
}

/** Call inside the transaction that changed the order's payment without changing its status. */
export async function announceStatusChange(tx: Db, orderId: string): Promise<void> {
  if (dbDriver() === 'postgres') await tx.execute(sql`select pg_notify(${CHANNEL}, ${orderId})`)
  else announceInProcess(orderId)
}

/**
 * One process, one connection: a waiter's read queues behind this transaction and sees it. No
 * status in the notice: the transaction has not committed yet, so the waiter reads it.
 */
function announceInProcess(orderId: string): void {
  queueMicrotask(() => changes.emit(orderId))
}

/** The order's status in one query; NOT_FOUND for unknown orders and other people's. */
export async function readOrderStatus(db: Db, userId: string, orderId: string): Promise<OrderStatus> {
  const [row] = await prepared(db, 'order_status', (conn) =>
    conn
      .select({ status: orders.status })
      .from(orders)
      .where(and(eq(orders.id, sql.placeholder('orderId')), eq(orders.userId, sql.placeholder('userId')))),
  ).execute({ orderId, userId })
  if (!row) throw new AppError('NOT_FOUND', 'Order not found')
  return row.status
}

/**
 * Resolves with the status once it is not `whileStatus` any more or a change was announced (a
 * payment outcome can leave the status as it is), else with the current one after `maxMs`.
 */
export async function waitWhileStatus(
  db: Db,
  userId: string,
  orderId: string,
  whileStatus: OrderStatus,
  opts: { maxMs?: number; signal?: AbortSignal } = {},
): Promise<OrderStatus> {
  const deadline = Date.now() + Math.min(opts.maxMs ?? MAX_WAIT_MS, MAX_WAIT_MS)
  let woken = false
  let noticed: OrderStatus | undefined
  let wake: (() => void) | undefined
  const onChange = (status?: OrderStatus) => {
    woken = true
    // Notices arrive in commit order: the last one names the status now.
    if (status) noticed = status
    wake?.()
  }
  // Listen before the first read: a change between the read and the wait is not missed.
  changes.on(orderId, onChange)
  const onAbort = () => onChange()
  opts.signal?.addEventListener('abort', onAbort)
  shutdownSignal.addEventListener('abort', onAbort) // answer now rather than be cut at the deadline
  try {
    // The first read also checks that the order is the caller's; after it, a notice naming the
    // new status is the answer without another query.
    let status = await readOrderStatus(db, userId, orderId)
    for (;;) {
      const left = deadline - Date.now()
      if (status !== whileStatus || woken || left <= 0 || opts.signal?.aborted || shutdownSignal.aborted) return status
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(RECHECK_MS, left))
        wake = () => {
          clearTimeout(timer)
          resolve()
        }
      })
      wake = undefined
      status = noticed ?? (await readOrderStatus(db, userId, orderId))
    }
  } finally {
    changes.off(orderId, onChange)
    opts.signal?.removeEventListener('abort', onAbort)
    shutdownSignal.removeEventListener('abort', onAbort)
  }
}

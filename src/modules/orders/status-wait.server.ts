/**
 * Long polls on an order's status: a result page asks "tell me when it is no longer X" and gets
 * one answer when the status moves, instead of polling blindly. A status change announces itself
 * in its own transaction: on PostgreSQL with NOTIFY (delivered at commit, to every instance), on
 * the single-process embedded database in process. Waiters also re-read every few seconds, so a
 * lost notice only delays an answer.
 */
import { EventEmitter } from 'node:events'
import { and, eq, sql } from 'drizzle-orm'
import { onNotice } from '~/server/cache-sync'
import { dbDriver, type Db } from '~/server/db/client'
import { orders } from '~/server/db/schema'
import { AppError } from '~/modules/errors/app-error'
import type { OrderStatus } from './order-status'

const CHANNEL = 'order_status'
const RECHECK_MS = 3_000
export const MAX_WAIT_MS = 25_000

const changes = new EventEmitter()
changes.setMaxListeners(0) // one listener per waiting request
onNotice(CHANNEL, (orderId) => changes.emit(orderId))

/** Call inside the transaction that changed the order's status or its payment's. */
export async function announceStatusChange(tx: Db, orderId: string): Promise<void> {
  if (dbDriver() === 'postgres') await tx.execute(sql`select pg_notify(${CHANNEL}, ${orderId})`)
  // One process, one connection: a waiter's read queues behind this transaction and sees it.
  else queueMicrotask(() => changes.emit(orderId))
}

/** The order's status in one query; NOT_FOUND for unknown orders and other people's. */
export async function readOrderStatus(db: Db, userId: string, orderId: string): Promise<OrderStatus> {
  const [row] = await db
    .select({ status: orders.status })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
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
  let wake: (() => void) | undefined
  const onChange = () => {
    woken = true
    wake?.()
  }
  // Listen before the first read: a change between the read and the wait is not missed.
  changes.on(orderId, onChange)
  opts.signal?.addEventListener('abort', onChange)
  try {
    for (;;) {
      const status = await readOrderStatus(db, userId, orderId)
      const left = deadline - Date.now()
      if (status !== whileStatus || woken || left <= 0 || opts.signal?.aborted) return status
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(RECHECK_MS, left))
        wake = () => {
          clearTimeout(timer)
          resolve()
        }
      })
      wake = undefined
    }
  } finally {
    changes.off(orderId, onChange)
    opts.signal?.removeEventListener('abort', onChange)
  }
}

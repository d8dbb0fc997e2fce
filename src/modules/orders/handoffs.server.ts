/**
 * Queues of other modules that an order feeds. Each queue is named by the module that handles it;
 * that module sits above orders (payments, the affiliate programme), so orders cannot import the
 * name: the owner hands it over here when it registers its job handlers (the app's wiring), and
 * orders enqueue to whatever was handed over.
 */
import type { SQL } from 'drizzle-orm'
import type { OrderStatus } from './order-status'

/**
 * A job queued when an order enters a status, in the statement that moves it (payload
 * `{ orderId, ...payload }`). Declared by the order machine for the orders module's own queues,
 * and handed over here by other modules for theirs.
 */
export interface EntryJob {
  queue: string
  /** The dedupe key is `<key>:<orderId>` (the queue's name by default): each order queues it once. */
  key?: string
  payload?: Record<string, unknown>
  maxAttempts?: number
  /** Only for some orders: a condition over the buyer's and the order's ids (SQL), checked in that statement. */
  onlyIf?: (buyer: SQL, order: SQL) => SQL
}

const entryJobs = new Map<OrderStatus, EntryJob[]>()

/** Called by the owner of `job.queue` at registration; registering the same queue again is a no-op. */
export function queueOnEntry(status: OrderStatus, job: EntryJob): void {
  const jobs = entryJobs.get(status) ?? []
  if (jobs.some((j) => j.queue === job.queue)) return
  entryJobs.set(status, [...jobs, job])
}

/** Other modules' jobs for entering `status`, in the order they were handed over. */
export function entryJobsOf(status: OrderStatus): readonly EntryJob[] {
  return entryJobs.get(status) ?? []
}

let refundQueue: string | undefined

/** The payments module takes card and wallet refunds (one refunds row per job). */
export function handRefundsTo(queue: string): void {
  refundQueue = queue
}

/**
 * Where a refund through the gateway goes. Throws when nobody took refunds: a refund row without
 * its job would wait for ever, so a process that forgot the wiring must fail, not lose money.
 */
export function refundQueueName(): string {
  if (!refundQueue) throw new Error('No module takes card refunds: register the app job handlers first')
  return refundQueue
}

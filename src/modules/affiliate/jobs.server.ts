/**
 * The affiliate module's background jobs. The order flow enqueues the three order queues, which
 * this module hands it at registration, in the statement that changes the order (payload
 * {orderId}, only for referred buyers); the release sweep and the nightly reconciliation schedule
 * themselves, so no cron is needed:
 * - a delivered order enqueues a release sweep for the hour its hold ends (one job per hour);
 * - every affiliate job makes sure tonight's reconciliation is queued (one job per night).
 */
import { eq, sql, type SQL } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '~/server/db/client'
import { attributions, orderCreatorCodes, referrals } from '~/server/db/schema'
import { enqueue } from '~/server/jobs/queue'
import { registerJobHandler, type JobContext } from '~/server/jobs/registry'
import { log } from '~/server/log'
import { onOrderDelivered, onOrderPaid, onOrderRefunded, releaseDueCommissions } from './commission.server'
import { reconcileLedger } from './reconcile.server'
import { queueOnEntry } from '~/modules/orders/handoffs.server'
import { reconcileCredit } from '~/modules/store-credit/reconcile.server'
import { refreshTestClock } from '~/modules/time/test-clock.server'
import { utcDay } from '~/modules/time/days'

export const AFFILIATE_QUEUES = {
  orderPaid: 'affiliate.order-paid',
  orderDelivered: 'affiliate.order-delivered',
  orderRefunded: 'affiliate.order-refunded',
  releaseDue: 'affiliate.release-due',
  reconcile: 'affiliate.reconcile',
} as const

const orderPayload = z.object({ orderId: z.uuid() })
const HOUR_MS = 3_600_000
/** Reconciliation runs at 03:00 UTC, when the shop is quiet. */
const RECONCILE_HOUR_UTC = 3

/** The next 03:00 UTC strictly after `at`. */
export function nextReconcileAt(at: Date): Date {
  const next = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate(), RECONCILE_HOUR_UTC))
  if (next <= at) next.setUTCDate(next.getUTCDate() + 1)
  return next
}

/** Called at boot (jobs/runtime.ts): the nightly chain starts even before any referred order. */
export async function scheduleNightlyReconcile(db: Db): Promise<void> {
  await ensureNightlyReconcile(db)
}

async function ensureNightlyReconcile(tx: Db, after = new Date()): Promise<void> {
  const runAt = nextReconcileAt(after)
  const key = `${AFFILIATE_QUEUES.reconcile}:${utcDay(runAt)}`
  await enqueue(tx, { queue: AFFILIATE_QUEUES.reconcile, dedupeKey: key, runAt })
}

/** A sweep at the top of the hour after `availableAt`: commissions due in one hour share a job. */
async function scheduleRelease(tx: Db, availableAt: Date): Promise<void> {
  const runAt = new Date(Math.ceil(availableAt.getTime() / HOUR_MS) * HOUR_MS)
  const key = `${AFFILIATE_QUEUES.releaseDue}:${runAt.toISOString()}`
  await enqueue(tx, { queue: AFFILIATE_QUEUES.releaseDue, dedupeKey: key, runAt })
}

function orderJob(run: (db: Db, orderId: string) => Promise<unknown>) {
  return async (payload: unknown, ctx: JobContext) => {
    const { orderId } = orderPayload.parse(payload)
    await refreshTestClock(ctx.db)
    await run(ctx.db, orderId)
    await ctx.complete((tx) => ensureNightlyReconcile(tx))
  }
}

/**
 * Only orders of a buyer who came through a promoter, or placed with a creator code (ADR 120),
 * concern the programme (no job for the rest).
 */
const referred = (buyer: SQL, order: SQL) =>
  sql`(exists (select 1 from ${referrals} r where r.user_id = ${buyer})
    or exists (select 1 from ${orderCreatorCodes} c where c.order_id = ${order}))`

export function registerAffiliateJobHandlers(): void {
  // The order flow queues these in the statement that moves the order (handoffs.server.ts).
  queueOnEntry('paid', { queue: AFFILIATE_QUEUES.orderPaid, onlyIf: referred })
  queueOnEntry('delivered', { queue: AFFILIATE_QUEUES.orderDelivered, onlyIf: referred })
  queueOnEntry('refunded', { queue: AFFILIATE_QUEUES.orderRefunded, onlyIf: referred })
  registerJobHandler(AFFILIATE_QUEUES.orderPaid, orderJob(onOrderPaid))
  registerJobHandler(AFFILIATE_QUEUES.orderRefunded, orderJob(onOrderRefunded))
  registerJobHandler(AFFILIATE_QUEUES.orderDelivered, async (payload, ctx) => {
    const { orderId } = orderPayload.parse(payload)
    await refreshTestClock(ctx.db)
    await onOrderDelivered(ctx.db, orderId)
    const [row] = await ctx.db
      .select({ availableAt: attributions.availableAt, status: attributions.status })
      .from(attributions)
      .where(eq(attributions.orderId, orderId))
    await ctx.complete(async (tx) => {
      if (row?.status === 'pending' && row.availableAt) await scheduleRelease(tx, row.availableAt)
      await ensureNightlyReconcile(tx)
    })
  })
  registerJobHandler(AFFILIATE_QUEUES.releaseDue, async (_payload, ctx) => {
    await refreshTestClock(ctx.db)
    const released = await releaseDueCommissions(ctx.db)
    if (released > 0) log.info({ released }, 'affiliate commissions released')
    await ctx.complete((tx) => ensureNightlyReconcile(tx))
  })
  registerJobHandler(
    AFFILIATE_QUEUES.reconcile,
    async (_payload, ctx) => {
      const report = await reconcileLedger(ctx.db)
      if (report.ok) log.info({ transactions: report.transactions }, 'affiliate ledger reconciled')
      else log.error({ problems: report.problems.slice(0, 50) }, 'affiliate ledger does not reconcile')
      // Store credit is checked on the same schedule: commission moves into it (ADR 058, 059).
      const credit = await reconcileCredit(ctx.db)
      if (credit.ok) log.info({ transactions: credit.transactions }, 'store-credit ledger reconciled')
      else log.error({ problems: credit.problems.slice(0, 50) }, 'store-credit ledger does not reconcile')
      // The next night's run, queued with this one's completion so the chain never breaks.
      await ctx.complete((tx) => ensureNightlyReconcile(tx, new Date(Date.now() + HOUR_MS)))
    },
    { leaseMs: 10 * 60_000 },
  )
}

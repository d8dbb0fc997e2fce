/** Registers the payments module's job handlers (called once at boot, and by worker scripts). */
import type { Db } from '~/server/db/client'
import { registerPeriodicJob } from '~/server/jobs/periodic'
import { registerJobHandler } from '~/server/jobs/registry'
import { DAY_MS } from '~/modules/time/days'
import { handRefundsTo } from '~/modules/orders/handoffs.server'
import { gatewayNameFor, paymentGateway } from './gateways.server'
import { dayBefore, reconcilePayments } from './reconcile.server'
import { refundJob } from './refund.server'

/** The queues the payments module handles. */
export const PAYMENT_QUEUES = {
  refund: 'payments.refund',
  reconcile: 'payments.reconcile',
} as const

export function registerPaymentJobHandlers(): void {
  // The order flow asks for refunds (failed delivery, operator refund, extra payments); the
  // payments module gives the money back through the gateway and reports to the order.
  registerJobHandler(PAYMENT_QUEUES.refund, refundJob)
  handRefundsTo(PAYMENT_QUEUES.refund)
}

/** The gateways now taking payments that keep records of their own (Stripe): the ones to reconcile. */
export function reconcilableGateways(db: Db): string[] {
  const names = new Set([gatewayNameFor('card'), gatewayNameFor('wallet')])
  return [...names].filter((name) => paymentGateway(db, name).records)
}

/**
 * Daily, just after midnight UTC: the day before, compared with each provider's own records
 * (reconcile.server.ts). With only the sandbox configured there is nothing to compare.
 */
export function registerPaymentReconcileJob(): void {
  registerPeriodicJob(PAYMENT_QUEUES.reconcile, DAY_MS, async (db) => {
    const day = dayBefore(new Date())
    for (const gateway of reconcilableGateways(db)) await reconcilePayments(db, gateway, day)
  })
}

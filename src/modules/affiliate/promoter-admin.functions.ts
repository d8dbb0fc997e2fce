/**
 * /admin/promoters' and /admin/withdrawals' server functions (admins only). As every back-office door, each opens the
 * door and asks for an admin before anything else; invalid input is refused by the validator (400
 * with its issue codes); what a permitted action refuses (a status changed meanwhile) is its
 * ActionResult.
 */
import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import { action, answer } from '~/modules/door/server-fn.server'
import { confirmAttributionFlag, grantAttribution, listFlagsToReview } from './flag-review.server'
import {
  approvePromoter,
  listPromotersForStaff,
  reinstatePromoter,
  setCommissionRate,
  suspendPromoter,
} from './promoter-admin.server'
import { reconcileLedger } from './reconcile.server'
import { approveWithdrawal, markWithdrawalPaid, rejectWithdrawal, withdrawalQueue } from './withdrawals.server'
import { operatorActionSchema } from './affiliate.schemas'
import { reconcileCredit } from '~/modules/store-credit/reconcile.server'
import {
  adminPromotersQuerySchema,
  attributionReviewSchema,
  flagsQuerySchema,
  promoterActionSchema,
} from './promoter-admin.schemas'

/** Promoters with their rate, status, balances and open flags, searched and paged. */
export const adminPromotersFn = createServerFn({ method: 'GET' })
  .validator(adminPromotersQuerySchema)
  .handler(
    answer('admin', async ({ db, data }) => {
      return listPromotersForStaff(db, data)
    }),
  )

/** Approve, suspend with a reason, reinstate, or set / clear the commission-rate override (audited). */
export const adminPromoterActionFn = createServerFn({ method: 'POST' })
  .validator(promoterActionSchema)
  .handler(
    action('admin', ({ db, data, caller: admin }) => {
      const { userId, decision } = data
      switch (decision.action) {
        case 'approve':
          return approvePromoter(db, admin, userId)
        case 'suspend':
          return suspendPromoter(db, admin, userId, decision.reason)
        case 'reinstate':
          return reinstatePromoter(db, admin, userId)
        case 'rate':
          return setCommissionRate(db, admin, userId, decision.rateBps)
      }
    }),
  )

/** Flagged attributions nobody has reviewed yet, oldest first. */
export const adminFlagsFn = createServerFn({ method: 'GET' })
  .validator(flagsQuerySchema)
  .handler(
    answer('admin', async ({ db, data }) => {
      return listFlagsToReview(db, data)
    }),
  )

/** Grant the refused commission or keep it refused (audited; the ledger move in the same transaction). */
export const adminFlagReviewFn = createServerFn({ method: 'POST' })
  .validator(attributionReviewSchema)
  .handler(
    action('admin', ({ db, data, caller: admin }) =>
      data.decision === 'grant' ? grantAttribution(db, admin, data.id) : confirmAttributionFlag(db, admin, data.id),
    ),
  )

/**
 * Both ledgers' reconciliation, run now (the nightly job runs the same checks): commission, and the
 * store credit that commission can move into (ADR 058, 059).
 */
export const adminReconcileFn = createServerFn({ method: 'GET' }).handler(
  answer('admin', async ({ db }) => {
    const [commission, credit] = await Promise.all([reconcileLedger(db), reconcileCredit(db)])
    return {
      ok: commission.ok && credit.ok,
      transactions: commission.transactions + credit.transactions,
      promoters: commission.promoters,
      problems: [...commission.problems, ...credit.problems.map((p) => `store credit: ${p}`)],
    }
  }),
)

/** Withdrawals waiting for a decision or a payout (admins). */
export const adminWithdrawalsFn = createServerFn({ method: 'GET' }).handler(
  answer('admin', async ({ db, caller: admin }) => {
    return { rows: await withdrawalQueue(db), viewerId: admin.id }
  }),
)

/** Approve, reject with a reason, or mark paid with the payout reference (admins, audited). */
export const adminWithdrawalActionFn = createServerFn({ method: 'POST' })
  .validator(z.object({ id: z.uuid(), decision: operatorActionSchema }))
  .handler(
    action('admin-step-up', ({ db, data, caller: admin }) => {
      const { id, decision } = data
      return decision.action === 'approve'
        ? approveWithdrawal(db, id, admin)
        : decision.action === 'pay'
          ? markWithdrawalPaid(db, id, admin, decision.reference)
          : rejectWithdrawal(db, id, admin, decision.note)
    }),
  )

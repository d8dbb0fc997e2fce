/**
 * The order state machine, server side: for each status, what entering it sets off. Which moves
 * exist (from → to) is ORDER_TRANSITIONS (order-status.ts, shared with the pages); each caller
 * adds its own guard (the owner, an unexpired order, a matching payment); moveOrder
 * (move-order.server.ts) carries a move out.
 *
 * Every move writes the status, the status event (with the caller's data and notes) and a notice
 * to waiting result pages. Entering a status then also
 * - queues its `jobs` in that same statement (they commit with the move; other modules' jobs are
 *   handed over by their owners, handoffs.server.ts), and
 * - runs its `effects`: writes that need more than one statement (coupons, store credit, refunds,
 *   the player-fix window), after it in the same transaction. Each says for which orders it
 *   applies (`when`, read with the lock); a move none of whose effects applies to the order is
 *   one statement without a transaction (ADR 063, 071, 073), which is what keeps the common
 *   checkout at its query count.
 *
 * To add a status: ORDER_STATUSES and ORDER_TRANSITIONS, a migration (`npm run db:generate`: the
 * status column's check lists them), then every Record<OrderStatus, …> the compiler names: its row
 * here, its label and badge on the pages. To add an effect of entering one: a job or an effect in
 * its row, or a job handed over by the module that handles its queue; no caller changes.
 */
import type { Db } from '~/server/db/client'
import { redeemCoupons, releaseCoupons } from '~/modules/coupons/coupons.server'
import { captureCredit, releaseCredit } from '~/modules/store-credit/holds.server'
import { entryJobsOf, type EntryJob } from './handoffs.server'
import type { LockedOrder } from './order-lock.server'
import type { NextMove, OrderStatus } from './order-status'
import { openPlayerFixWindow } from './player-fix-window.server'
import { ORDER_QUEUES } from './queues'
import { offerRefundChoice } from './refund-choice-window.server'

/** Facts read with the order's lock that decide whether an effect applies. */
export type EffectCondition = 'hasCoupon' | 'hasCredit'

export interface EntryEffect {
  /** For which orders; every order when absent (the move then always takes a transaction). */
  when?: EffectCondition
  /** Runs in the mover's transaction, after the move; may lead straight on to another status. */
  run(tx: Db, order: LockedOrder): Promise<NextMove | null | void>
}

interface StatusEntry {
  jobs?: readonly EntryJob[]
  effects?: readonly EntryEffect[]
}

// A coupon use held by an order that will never be paid (or is given up) is given back.
const releaseCoupon: EntryEffect = { when: 'hasCoupon', run: (tx, o) => releaseCoupons(tx, o.id) }
// An order that will never be paid gives its held store credit back (ADR 058).
const releaseHeldCredit: EntryEffect = {
  when: 'hasCredit',
  run: async (tx, o) => {
    await releaseCredit(tx, o.id)
  },
}

const ENTRY: Readonly<Record<OrderStatus, StatusEntry>> = {
  created: {},
  awaiting_payment: {},
  paid: {
    jobs: [
      { queue: ORDER_QUEUES.fulfil, key: 'fulfil', maxAttempts: 10 },
      { queue: ORDER_QUEUES.mail, key: 'mail:receipt', payload: { kind: 'receipt' } },
    ],
    effects: [
      {
        when: 'hasCredit',
        run: async (tx, o) => {
          await captureCredit(tx, o.id)
        },
      },
      { when: 'hasCoupon', run: (tx, o) => redeemCoupons(tx, o.id) },
    ],
  },
  fulfilling: {},
  delivered: { jobs: [{ queue: ORDER_QUEUES.mail, key: 'mail:delivered', payload: { kind: 'delivered' } }] },
  // Paid but not deliverable: the money goes back without anyone having to ask; the shopper may
  // first choose store credit instead of the card or wallet (ADR 116).
  failed: { effects: [releaseCoupon, { run: (tx, o) => offerRefundChoice(tx, o.id) }] },
  // No refund yet: the shopper gets a deadline, a mail and a job that refunds when it passes.
  needs_player_details: { effects: [{ run: (tx, o) => openPlayerFixWindow(tx, o.id) }] },
  // The shopper's mail goes with the refund that completed it (one mail per refund).
  refunded: {},
  cancelled: { effects: [releaseCoupon, releaseHeldCredit] },
  expired: { effects: [releaseCoupon, releaseHeldCredit] },
}

/** The jobs entering `status` queues (the orders module's, then those handed over) and its effects. */
export function entryOf(status: OrderStatus): { jobs: readonly EntryJob[]; effects: readonly EntryEffect[] } {
  const { jobs = [], effects = [] } = ENTRY[status]
  return { jobs: [...jobs, ...entryJobsOf(status)], effects }
}

/**
 * Store credit (ADR 058): each shopper's balance per currency, kept as a double-entry, append-only
 * ledger like the commission one. Every transaction (txn_id) is one shopper, one currency, one
 * kind, and sums to zero:
 *
 * - refund       shop_refunds -X / credit_available +X        (a refund the shopper took as credit)
 * - grant        shop_goodwill -X / credit_available +X       (an operator's goodwill grant)
 * - commission_transfer  affiliate_commission -X / credit_available +X  (a promoter moved commission)
 * - commission_reversal  credit_available -X / affiliate_commission +X  (that commission's order was refunded)
 * - reserve      credit_available -X / credit_reserved +X     (a payment attempt holds the credit part)
 * - release      credit_reserved -X / credit_available +X     (the attempt failed, the order expired…)
 * - capture      credit_reserved -X / shop_sales +X           (the order was paid)
 *
 * The shopper's balance is SUM(credit_available); it may go negative (a reversal of commission
 * already spent) and then nothing can be spent until it is positive again.
 */
import { sql } from 'drizzle-orm'
import { bigserial, check, index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { createdAt, currencyCode, inList, isCurrency, minor, tstz, updatedAt } from './columns'
import { users } from './accounts'
import { orders, payments, refunds } from './orders'

export const CREDIT_ACCOUNTS = [
  'credit_available',
  'credit_reserved',
  'shop_sales',
  'shop_refunds',
  'shop_goodwill',
  'affiliate_commission',
] as const
export type CreditAccount = (typeof CREDIT_ACCOUNTS)[number]

export const CREDIT_KINDS = [
  'refund',
  'grant',
  'commission_transfer',
  'commission_reversal',
  'reserve',
  'release',
  'capture',
] as const
export type CreditKind = (typeof CREDIT_KINDS)[number]

/** One row per shopper and currency, locked (FOR UPDATE) while a balance is checked and spent. */
export const creditWallets = pgTable(
  'credit_wallets',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    currency: currencyCode().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.currency] }), check('credit_wallets_currency', isCurrency(t.currency))],
)

export const CREDIT_HOLD_STATUSES = ['held', 'captured', 'released'] as const
export type CreditHoldStatus = (typeof CREDIT_HOLD_STATUSES)[number]

/**
 * The credit part of an order, held while it is being paid: held → captured (the order was paid)
 * or released (the card part failed, the order expired or was cancelled). At most one hold per
 * order is held at a time and at most one is ever captured.
 */
export const creditHolds = pgTable(
  'credit_holds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    /** The card or wallet attempt paying the rest; null when credit pays it all. */
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'restrict' }),
    amountMinor: minor('amount_minor').notNull(),
    currency: currencyCode().notNull(),
    status: text('status', { enum: CREDIT_HOLD_STATUSES }).notNull().default('held'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('credit_holds_order_idx').on(t.orderId),
    uniqueIndex('credit_holds_one_held_uq')
      .on(t.orderId)
      .where(sql`${t.status} = 'held'`),
    uniqueIndex('credit_holds_one_captured_uq')
      .on(t.orderId)
      .where(sql`${t.status} = 'captured'`),
    check('credit_holds_amount', sql`${t.amountMinor} > 0`),
    check('credit_holds_currency', isCurrency(t.currency)),
    check('credit_holds_status', inList(t.status, CREDIT_HOLD_STATUSES)),
  ],
)

/** An operator's goodwill credit: the business record behind a `grant` transaction. */
export const creditGrants = pgTable(
  'credit_grants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    amountMinor: minor('amount_minor').notNull(),
    currency: currencyCode().notNull(),
    reason: text('reason').notNull(),
    grantedBy: uuid('granted_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('credit_grants_user_idx').on(t.userId, t.createdAt),
    check('credit_grants_amount', sql`${t.amountMinor} > 0`),
    check('credit_grants_currency', isCurrency(t.currency)),
  ],
)

export const COMMISSION_TRANSFER_SOURCES = ['available', 'pending'] as const
export type CommissionTransferSource = (typeof COMMISSION_TRANSFER_SOURCES)[number]

/**
 * A promoter moved commission into their store credit: from the available balance (any amount),
 * or one delivered order's pending commission (attribution_order_id; then that order's refund
 * takes it back from credit). The business record behind both ledgers' transfer transactions.
 */
export const commissionTransfers = pgTable(
  'commission_transfers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    promoterId: uuid('promoter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    amountMinor: minor('amount_minor').notNull(),
    currency: currencyCode().notNull(),
    source: text('source', { enum: COMMISSION_TRANSFER_SOURCES }).notNull(),
    /** For a pending transfer: the referred order whose commission moved (one transfer per order). */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
    /** The referred order was refunded and the transfer taken back from credit. */
    reversedAt: tstz('reversed_at'),
  },
  (t) => [
    index('commission_transfers_promoter_idx').on(t.promoterId, t.createdAt),
    uniqueIndex('commission_transfers_order_uq')
      .on(t.orderId)
      .where(sql`${t.orderId} is not null`),
    check('commission_transfers_amount', sql`${t.amountMinor} > 0`),
    check('commission_transfers_currency', isCurrency(t.currency)),
    check('commission_transfers_source', inList(t.source, COMMISSION_TRANSFER_SOURCES)),
    check('commission_transfers_order', sql`(${t.source} = 'pending') = (${t.orderId} is not null)`),
  ],
)

/** Append-only: a trigger (migration 0014) rejects UPDATE, DELETE and TRUNCATE. */
export const creditEntries = pgTable(
  'credit_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    txnId: uuid('txn_id').notNull(),
    account: text('account', { enum: CREDIT_ACCOUNTS }).notNull(),
    /** The shopper whose credit this is; every account is kept per shopper. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** Signed minor units: positive increases the account's balance. */
    amountMinor: minor('amount_minor').notNull(),
    currency: currencyCode().notNull(),
    kind: text('kind', { enum: CREDIT_KINDS }).notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    holdId: uuid('hold_id').references(() => creditHolds.id, { onDelete: 'restrict' }),
    refundId: uuid('refund_id').references(() => refunds.id, { onDelete: 'restrict' }),
    grantId: uuid('grant_id').references(() => creditGrants.id, { onDelete: 'restrict' }),
    transferId: uuid('transfer_id').references(() => commissionTransfers.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('credit_entries_user_idx').on(t.userId, t.currency, t.account),
    index('credit_entries_txn_idx').on(t.txnId),
    uniqueIndex('credit_entries_txn_account_uq').on(t.txnId, t.account),
    // The same event booked twice (a retried job, a webhook delivered five times) fails instead.
    uniqueIndex('credit_entries_hold_kind_uq')
      .on(t.holdId, t.kind, t.account)
      .where(sql`${t.holdId} is not null`),
    uniqueIndex('credit_entries_refund_kind_uq')
      .on(t.refundId, t.kind, t.account)
      .where(sql`${t.refundId} is not null`),
    uniqueIndex('credit_entries_grant_kind_uq')
      .on(t.grantId, t.kind, t.account)
      .where(sql`${t.grantId} is not null`),
    uniqueIndex('credit_entries_transfer_kind_uq')
      .on(t.transferId, t.kind, t.account)
      .where(sql`${t.transferId} is not null`),
    check('credit_entries_account', inList(t.account, CREDIT_ACCOUNTS)),
    check('credit_entries_kind', inList(t.kind, CREDIT_KINDS)),
    check('credit_entries_currency', isCurrency(t.currency)),
    check('credit_entries_nonzero', sql`${t.amountMinor} <> 0`),
  ],
)

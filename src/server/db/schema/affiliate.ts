/**
 * Affiliate programme: promoters, referral links, clicks, order attributions, a double-entry
 * commission ledger and withdrawals. Deliberately minimal; the affiliate module refines it.
 */
import { sql } from 'drizzle-orm'
import { bigserial, check, index, integer, pgTable, serial, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { createdAt, currencyCode, inList, isCurrency, minor, tstz, updatedAt } from './columns'
import { users } from './accounts'
import { orders } from './orders'

export const promoters = pgTable(
  'promoters',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** Used in /affiliate/reflink/{promoteCode}. */
    promoteCode: text('promote_code').notNull().unique(),
    /** Currency commissions are booked and paid in. */
    currency: currencyCode().notNull().default('USD'),
    /** Commission in basis points of the order total (500 = 5%). */
    commissionBps: integer('commission_bps').notNull().default(500),
    createdAt: createdAt(),
  },
  (t) => [
    check('promoters_code', sql`${t.promoteCode} ~ '^[A-Za-z0-9_-]{3,32}$'`),
    check('promoters_currency', isCurrency(t.currency)),
    check('promoters_bps', sql`${t.commissionBps} between 0 and 10000`),
  ],
)

export const referralLinks = pgTable(
  'referral_links',
  {
    id: serial('id').primaryKey(),
    promoterId: uuid('promoter_id')
      .notNull()
      .references(() => promoters.userId, { onDelete: 'cascade' }),
    code: text('code').notNull().unique(),
    /** Site path the visitor lands on after the click is recorded. */
    targetPath: text('target_path').notNull().default('/'),
    campaign: text('campaign'),
    createdAt: createdAt(),
  },
  (t) => [
    index('referral_links_promoter_idx').on(t.promoterId),
    check('referral_links_target', sql`left(${t.targetPath}, 1) = '/'`),
  ],
)

export const referralClicks = pgTable(
  'referral_clicks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    promoterId: uuid('promoter_id')
      .notNull()
      .references(() => promoters.userId, { onDelete: 'cascade' }),
    linkId: integer('link_id').references(() => referralLinks.id, { onDelete: 'set null' }),
    /** Random id from the referral cookie; no IP or user agent is stored. */
    visitorId: text('visitor_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('referral_clicks_promoter_idx').on(t.promoterId, t.createdAt)],
)

/** Which promoter gets credit for an order (at most one). */
export const attributions = pgTable(
  'attributions',
  {
    id: serial('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    promoterId: uuid('promoter_id')
      .notNull()
      .references(() => promoters.userId, { onDelete: 'restrict' }),
    linkId: integer('link_id').references(() => referralLinks.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('attributions_promoter_idx').on(t.promoterId)],
)

/**
 * Ledger accounts. Every transaction (txn_id) is a set of rows summing to zero, e.g.
 * commission: platform_commission -X, promoter_pending +X; release: pending -X, available +X;
 * withdrawal: available -X, promoter_withdrawn +X. A promoter's balance is SUM(amount) per account.
 */
export const LEDGER_ACCOUNTS = [
  'platform_commission',
  'promoter_pending',
  'promoter_available',
  'promoter_withdrawn',
] as const
export const LEDGER_KINDS = ['commission', 'release', 'reversal', 'withdrawal', 'withdrawal_reversal'] as const

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    txnId: uuid('txn_id').notNull(),
    account: text('account', { enum: LEDGER_ACCOUNTS }).notNull(),
    promoterId: uuid('promoter_id')
      .notNull()
      .references(() => promoters.userId, { onDelete: 'restrict' }),
    /** Signed minor units: positive increases the account's balance. */
    amountMinor: minor('amount_minor').notNull(),
    currency: currencyCode().notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    withdrawalId: uuid('withdrawal_id').references(() => withdrawals.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: LEDGER_KINDS }).notNull(),
    createdAt: createdAt(),
    /** For pending commission: when it may be released (after the refund window). */
    availableAt: tstz('available_at'),
  },
  (t) => [
    index('ledger_entries_promoter_idx').on(t.promoterId, t.account, t.currency),
    uniqueIndex('ledger_entries_txn_account_uq').on(t.txnId, t.account),
    // Booking the same order event twice (a retried job) hits this instead of paying twice.
    uniqueIndex('ledger_entries_order_kind_uq')
      .on(t.orderId, t.kind, t.account)
      .where(sql`${t.orderId} is not null`),
    index('ledger_entries_withdrawal_idx').on(t.withdrawalId),
    check('ledger_entries_account', inList(t.account, LEDGER_ACCOUNTS)),
    check('ledger_entries_kind', inList(t.kind, LEDGER_KINDS)),
    check('ledger_entries_currency', isCurrency(t.currency)),
    check('ledger_entries_nonzero', sql`${t.amountMinor} <> 0`),
  ],
)

export const WITHDRAWAL_STATUSES = ['requested', 'approved', 'paid', 'rejected', 'cancelled'] as const

export const withdrawals = pgTable(
  'withdrawals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    promoterId: uuid('promoter_id')
      .notNull()
      .references(() => promoters.userId, { onDelete: 'restrict' }),
    amountMinor: minor('amount_minor').notNull(),
    currency: currencyCode().notNull(),
    method: text('method').notNull(),
    destination: text('destination').notNull(),
    status: text('status', { enum: WITHDRAWAL_STATUSES }).notNull().default('requested'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('withdrawals_promoter_idx').on(t.promoterId, t.createdAt),
    check('withdrawals_amount', sql`${t.amountMinor} > 0`),
    check('withdrawals_currency', isCurrency(t.currency)),
    check('withdrawals_status', inList(t.status, WITHDRAWAL_STATUSES)),
  ],
)

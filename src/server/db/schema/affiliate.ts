/**
 * Affiliate programme: promoters, referral links, clicks, referred sign-ups, order attributions, a
 * double-entry commission ledger and withdrawals. Rules live in src/modules/affiliate; the
 * constraints here keep the rows honest even if a bug slips past them (docs/decisions/023).
 */
import { sql } from 'drizzle-orm'
import {
  bigserial,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { createdAt, currencyCode, inList, isCurrency, minor, tstz, updatedAt } from './columns'
import { users } from './accounts'
import { orders } from './orders'
import { commissionTransfers } from './store-credit'

/**
 * pending: joined while AFFILIATE_APPROVAL is 'manual', waiting for an admin; suspended: stopped
 * by an admin. Only an active promoter's links count and only their new orders earn (ADR 054).
 */
export const PROMOTER_STATUSES = ['pending', 'active', 'suspended'] as const
export type PromoterStatus = (typeof PROMOTER_STATUSES)[number]

export const promoters = pgTable(
  'promoters',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** Used in /affiliate/reflink/{promoteCode} and ?ref=. Stored upper-case, matched upper-cased. */
    promoteCode: text('promote_code').notNull().unique(),
    /** Currency commissions are booked and paid in. */
    currency: currencyCode().notNull().default('USD'),
    /** Per-promoter rate in basis points; null means the programme rate (AFFILIATE_RATE_BPS). */
    commissionBps: integer('commission_bps'),
    status: text('status', { enum: PROMOTER_STATUSES }).notNull().default('active'),
    /** The admin's reason for a suspension, shown to the promoter on their dashboard. */
    statusReason: text('status_reason'),
    statusChangedAt: tstz('status_changed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    check('promoters_status', inList(t.status, PROMOTER_STATUSES)),
    check('promoters_code', sql`${t.promoteCode} ~ '^[A-Z0-9_-]{3,32}$'`),
    check('promoters_currency', isCurrency(t.currency)),
    check('promoters_bps', sql`${t.commissionBps} is null or ${t.commissionBps} between 0 and 10000`),
  ],
)

export const referralLinks = pgTable(
  'referral_links',
  {
    id: serial('id').primaryKey(),
    promoterId: uuid('promoter_id')
      .notNull()
      .references(() => promoters.userId, { onDelete: 'cascade' }),
    /** Opens /affiliate/reflink/{code}; shares the promote-code alphabet, stored upper-case. */
    code: text('code').notNull().unique(),
    /** Same-site path the visitor lands on after the click is recorded. */
    targetPath: text('target_path').notNull().default('/'),
    campaign: text('campaign'),
    createdAt: createdAt(),
    /** Deleting a link archives it: its clicks and orders stay in the statistics. */
    archivedAt: tstz('archived_at'),
  },
  (t) => [
    index('referral_links_promoter_idx').on(t.promoterId),
    check('referral_links_code', sql`${t.code} ~ '^[A-Z0-9_-]{3,32}$'`),
    check('referral_links_target', sql`left(${t.targetPath}, 1) = '/' and left(${t.targetPath}, 2) <> '//'`),
  ],
)

export const referralClicks = pgTable(
  'referral_clicks',
  {
    /** Random, so the attribution cookie can carry it without being guessable. */
    id: uuid('id').primaryKey().defaultRandom(),
    promoterId: uuid('promoter_id')
      .notNull()
      .references(() => promoters.userId, { onDelete: 'cascade' }),
    linkId: integer('link_id').references(() => referralLinks.id, { onDelete: 'set null' }),
    /** sha256 of the visitor cookie id; neither IP nor user agent is stored. */
    visitorHash: text('visitor_hash').notNull(),
    /** UTC day of the first click: one row per visitor, promoter, link and day. */
    day: date('day', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
    /** Repeat clicks the same day only move this (last-touch attribution measures from it). */
    lastSeenAt: tstz('last_seen_at').notNull().defaultNow(),
  },
  (t) => [
    unique('referral_clicks_dedupe_uq').on(t.promoterId, t.linkId, t.visitorHash, t.day).nullsNotDistinct(),
    index('referral_clicks_promoter_idx').on(t.promoterId, t.day),
  ],
)

/** A shopper who signed up through a referral; every later paid order of theirs is attributed. */
export const referrals = pgTable(
  'referrals',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    promoterId: uuid('promoter_id')
      .notNull()
      .references(() => promoters.userId, { onDelete: 'cascade' }),
    linkId: integer('link_id').references(() => referralLinks.id, { onDelete: 'set null' }),
    clickId: uuid('click_id').references(() => referralClicks.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('referrals_promoter_idx').on(t.promoterId, t.createdAt),
    check('referrals_not_self', sql`${t.userId} <> ${t.promoterId}`),
  ],
)

/**
 * The commission state of one order: pending → available, or reversed (refund); pending commission
 * of a delivered order the promoter moved to store credit is credited (ADR 058); flagged orders
 * (self-referral) and void ones (already refunded when first seen) earn nothing.
 */
export const ATTRIBUTION_STATUSES = ['pending', 'available', 'credited', 'reversed', 'flagged', 'void'] as const
export type AttributionStatus = (typeof ATTRIBUTION_STATUSES)[number]
/** promoter_inactive: the promoter was pending or suspended when the order was booked. */
export const ATTRIBUTION_FLAGS = [
  'self_referral_buyer',
  'self_referral_player',
  'no_price',
  'promoter_inactive',
] as const
export type AttributionFlag = (typeof ATTRIBUTION_FLAGS)[number]
/** How the order came to the promoter: the buyer's referral binding (link), or a creator code on the order. */
export const ATTRIBUTION_SOURCES = ['link', 'code'] as const
export type AttributionSource = (typeof ATTRIBUTION_SOURCES)[number]

export const attributions = pgTable(
  'attributions',
  {
    id: serial('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'restrict' }),
    promoterId: uuid('promoter_id')
      .notNull()
      .references(() => promoters.userId, { onDelete: 'restrict' }),
    linkId: integer('link_id').references(() => referralLinks.id, { onDelete: 'set null' }),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    status: text('status', { enum: ATTRIBUTION_STATUSES }).notNull(),
    flag: text('flag', { enum: ATTRIBUTION_FLAGS }),
    source: text('source', { enum: ATTRIBUTION_SOURCES }).notNull().default('link'),
    /** Promoter's currency; base is the order's net amount (after coupon) in that currency. */
    currency: currencyCode().notNull(),
    baseMinor: minor('base_minor').notNull(),
    rateBps: integer('rate_bps').notNull(),
    commissionMinor: minor('commission_minor').notNull(),
    paidAt: tstz('paid_at').notNull(),
    deliveredAt: tstz('delivered_at'),
    /** deliveredAt + hold period; the release sweep makes the commission available after it. */
    availableAt: tstz('available_at'),
    releasedAt: tstz('released_at'),
    reversedAt: tstz('reversed_at'),
    /** An admin decided a flagged attribution (granted the commission or kept it refused). */
    reviewedAt: tstz('reviewed_at'),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('attributions_promoter_idx').on(t.promoterId, t.paidAt),
    index('attributions_due_idx')
      .on(t.availableAt)
      .where(sql`${t.status} = 'pending'`),
    index('attributions_to_review_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'flagged' and ${t.reviewedAt} is null`),
    check('attributions_status', inList(t.status, ATTRIBUTION_STATUSES)),
    check('attributions_flag', sql`${t.flag} is null or ${inList(t.flag, ATTRIBUTION_FLAGS)}`),
    check('attributions_source', inList(t.source, ATTRIBUTION_SOURCES)),
    check('attributions_currency', isCurrency(t.currency)),
    check('attributions_amounts', sql`${t.baseMinor} >= 0 and ${t.commissionMinor} >= 0`),
    check('attributions_bps', sql`${t.rateBps} between 0 and 10000`),
    check('attributions_no_commission', sql`${t.status} not in ('flagged', 'void') or ${t.commissionMinor} = 0`),
  ],
)

/**
 * Ledger accounts, each kept per promoter. Every transaction (txn_id) is a set of rows summing to
 * zero: commission platform_expense -X / pending +X; release pending -X / available +X; reversal
 * pending or available -X / platform_expense +X; withdrawal request available -A / hold +A; paid
 * hold -A / withdrawn +A; rejected hold -A / available +A; credit transfer available or pending -A /
 * store_credit +A; credit reversal store_credit -X / platform_expense +X. A balance is SUM(amount)
 * per account.
 */
export const LEDGER_ACCOUNTS = [
  'platform_expense',
  'promoter_pending',
  'promoter_available',
  'promoter_withdrawal_hold',
  'promoter_withdrawn',
  /** Commission the promoter moved into their store credit (ADR 058). */
  'promoter_store_credit',
] as const
export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number]
export const LEDGER_KINDS = [
  'commission',
  'release',
  'reversal',
  'withdrawal_request',
  'withdrawal_paid',
  'withdrawal_rejected',
  'credit_transfer',
  'credit_reversal',
] as const
export type LedgerKind = (typeof LEDGER_KINDS)[number]

/** Append-only: a trigger (migration 0001) rejects UPDATE and DELETE; corrections are new rows. */
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
    kind: text('kind', { enum: LEDGER_KINDS }).notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    withdrawalId: uuid('withdrawal_id').references(() => withdrawals.id, { onDelete: 'restrict' }),
    /** A move into store credit, or its reversal. */
    transferId: uuid('transfer_id').references(() => commissionTransfers.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_entries_promoter_idx').on(t.promoterId, t.account),
    index('ledger_entries_txn_idx').on(t.txnId),
    uniqueIndex('ledger_entries_txn_account_uq').on(t.txnId, t.account),
    // Booking the same order or withdrawal event twice (a retried job) fails instead of paying twice.
    uniqueIndex('ledger_entries_order_kind_uq')
      .on(t.orderId, t.kind, t.account)
      .where(sql`${t.orderId} is not null`),
    uniqueIndex('ledger_entries_withdrawal_kind_uq')
      .on(t.withdrawalId, t.kind, t.account)
      .where(sql`${t.withdrawalId} is not null`),
    uniqueIndex('ledger_entries_transfer_kind_uq')
      .on(t.transferId, t.kind, t.account)
      .where(sql`${t.transferId} is not null`),
    check('ledger_entries_account', inList(t.account, LEDGER_ACCOUNTS)),
    check('ledger_entries_kind', inList(t.kind, LEDGER_KINDS)),
    check('ledger_entries_currency', isCurrency(t.currency)),
    check('ledger_entries_nonzero', sql`${t.amountMinor} <> 0`),
  ],
)

export const PAYOUT_METHODS = ['wallet', 'iban'] as const
export type PayoutMethod = (typeof PAYOUT_METHODS)[number]
export const WITHDRAWAL_STATUSES = ['requested', 'approved', 'paid', 'rejected'] as const
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number]

export const withdrawals = pgTable(
  'withdrawals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    promoterId: uuid('promoter_id')
      .notNull()
      .references(() => promoters.userId, { onDelete: 'restrict' }),
    amountMinor: minor('amount_minor').notNull(),
    currency: currencyCode().notNull(),
    method: text('method', { enum: PAYOUT_METHODS }).notNull(),
    /** Wallet e-mail (lower-cased) or IBAN (upper-case, no spaces), validated before insert. */
    destination: text('destination').notNull(),
    status: text('status', { enum: WITHDRAWAL_STATUSES }).notNull().default('requested'),
    /** Operator's reason for a rejection, shown to the promoter. */
    note: text('note'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * Above WITHDRAWAL_SECOND_APPROVAL_MINOR two admins approve: the first one is recorded here
     * (status stays 'requested'); a different admin's approval then moves it to 'approved'.
     */
    firstApprovedBy: uuid('first_approved_by').references(() => users.id, { onDelete: 'set null' }),
    firstApprovedAt: tstz('first_approved_at'),
    /** The payout's reference at the payment provider, recorded when it is marked paid. */
    payoutReference: text('payout_reference'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('withdrawals_promoter_idx').on(t.promoterId, t.createdAt),
    index('withdrawals_open_idx')
      .on(t.createdAt)
      .where(sql`${t.status} in ('requested', 'approved')`),
    check('withdrawals_amount', sql`${t.amountMinor} > 0`),
    check('withdrawals_currency', isCurrency(t.currency)),
    check('withdrawals_method', inList(t.method, PAYOUT_METHODS)),
    check('withdrawals_status', inList(t.status, WITHDRAWAL_STATUSES)),
  ],
)

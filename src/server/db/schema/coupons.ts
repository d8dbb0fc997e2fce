/** Coupons and their per-order redemptions. */
import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { createdAt, inList, tstz } from './columns'
import { users } from './accounts'
import { orders } from './orders'

export const COUPON_KINDS = ['percent', 'fixed'] as const
/** reserved while the order awaits payment; redeemed once paid; released if it expires or fails. */
export const REDEMPTION_STATUSES = ['reserved', 'redeemed', 'released'] as const

/** Amounts keyed by currency in minor units, e.g. {"USD":500,"EUR":500}. */
export type MinorByCurrency = Record<string, number>

export const coupons = pgTable(
  'coupons',
  {
    id: serial('id').primaryKey(),
    /** Stored upper-case; codes are matched case-insensitively by upper-casing the input. */
    code: text('code').notNull().unique(),
    kind: text('kind', { enum: COUPON_KINDS }).notNull(),
    percent: integer('percent'),
    /** Discount per currency for 'fixed' coupons; a currency missing here cannot use the coupon. */
    amounts: jsonb('amounts').$type<MinorByCurrency>(),
    /** Minimum subtotal per currency; a missing currency means no minimum. */
    minSpend: jsonb('min_spend').$type<MinorByCurrency>().notNull().default({}),
    startsAt: tstz('starts_at'),
    endsAt: tstz('ends_at'),
    /** null = unlimited. Counted with a guarded UPDATE (used < usage_limit) so it never oversells. */
    usageLimit: integer('usage_limit'),
    used: integer('used').notNull().default(0),
    perCustomerLimit: integer('per_customer_limit'),
    stackable: boolean('stackable').notNull().default(false),
    /** Restrict to these games / categories; null = everything. */
    gameIds: jsonb('game_ids').$type<number[]>(),
    categoryIds: jsonb('category_ids').$type<number[]>(),
    active: boolean('active').notNull().default(true),
    /** Shown to everyone on /coupon (SPEC §2 gives the page no guard); others are told privately. */
    listed: boolean('listed').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    check('coupons_code_upper', sql`${t.code} = upper(${t.code}) and ${t.code} <> ''`),
    check('coupons_kind', inList(t.kind, COUPON_KINDS)),
    check(
      'coupons_kind_fields',
      sql`(${t.kind} = 'percent' and ${t.percent} between 1 and 100) or (${t.kind} = 'fixed' and ${t.amounts} is not null)`,
    ),
    check('coupons_usage', sql`${t.used} >= 0 and (${t.usageLimit} is null or ${t.used} <= ${t.usageLimit})`),
    check('coupons_per_customer', sql`${t.perCustomerLimit} is null or ${t.perCustomerLimit} > 0`),
    check('coupons_window', sql`${t.startsAt} is null or ${t.endsAt} is null or ${t.startsAt} < ${t.endsAt}`),
  ],
)

export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: serial('id').primaryKey(),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'restrict' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status', { enum: REDEMPTION_STATUSES }).notNull().default('reserved'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('coupon_redemptions_order_uq').on(t.couponId, t.orderId),
    index('coupon_redemptions_user_idx').on(t.couponId, t.userId),
    index('coupon_redemptions_order_idx').on(t.orderId),
    check('coupon_redemptions_status', inList(t.status, REDEMPTION_STATUSES)),
  ],
)

/** Coupons a shopper redeemed on /coupon ("my coupons"); any valid code also works at checkout. */
export const userCoupons = pgTable(
  'user_coupons',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.couponId] })],
)

/**
 * Creator codes (ADR 120): a promoter's public code that shoppers type at checkout ("support a
 * creator") or get from the creator's referral link. The shopper's choice stays on their account
 * for CREATOR_CODE_DAYS; an order placed with it keeps a snapshot row here, which the commission
 * booking reads before the referral binding (the code wins). Rules live in src/modules/creator-codes.
 */
import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, jsonb, pgTable, serial, text, uuid } from 'drizzle-orm/pg-core'
import { createdAt, inList, minor, tstz, updatedAt } from './columns'
import { users } from './accounts'
import { promoters } from './affiliate'
import { orders } from './orders'

export const CREATOR_CODE_STATUSES = ['active', 'disabled'] as const
export type CreatorCodeStatus = (typeof CREATOR_CODE_STATUSES)[number]

/** How the shopper came to support the creator: typed the code, or followed the creator's link. */
export const CREATOR_CHOICE_SOURCES = ['entered', 'link'] as const
export type CreatorChoiceSource = (typeof CREATOR_CHOICE_SOURCES)[number]

export const creatorCodes = pgTable(
  'creator_codes',
  {
    id: serial('id').primaryKey(),
    /** One code per promoter. */
    promoterId: uuid('promoter_id')
      .notNull()
      .unique()
      .references(() => promoters.userId, { onDelete: 'cascade' }),
    /** As the promoter wrote it ("NinjaPlays"); shown to shoppers as the creator's name. */
    code: text('code').notNull(),
    /** lower(code): unique, so codes are case-insensitive ("ninjaplays" is the same code). */
    codeKey: text('code_key').notNull().unique(),
    status: text('status', { enum: CREATOR_CODE_STATUSES }).notNull().default('active'),
    /** Shopper discount in basis points of the order after coupons; null: no discount. */
    discountBps: integer('discount_bps'),
    /** The most the discount takes off, per currency (minor units); a currency missing here gets none. */
    discountCaps: jsonb('discount_caps').$type<Record<string, number>>().notNull().default({}),
    /** The discount also applies beside a coupon (the admin's choice; off by default). */
    stacksWithCoupons: boolean('stacks_with_coupons').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('creator_codes_code', sql`${t.code} ~ '^[A-Za-z0-9_-]{3,20}$' and ${t.codeKey} = lower(${t.code})`),
    check('creator_codes_status', inList(t.status, CREATOR_CODE_STATUSES)),
    check('creator_codes_bps', sql`${t.discountBps} is null or ${t.discountBps} between 1 and 5000`),
  ],
)

/** The creator a signed-in shopper supports, until expiresAt (CREATOR_CODE_DAYS after the choice). */
export const creatorCodeChoices = pgTable(
  'creator_code_choices',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeId: integer('code_id')
      .notNull()
      .references(() => creatorCodes.id, { onDelete: 'cascade' }),
    source: text('source', { enum: CREATOR_CHOICE_SOURCES }).notNull(),
    chosenAt: tstz('chosen_at').notNull(),
    expiresAt: tstz('expires_at').notNull(),
  },
  (t) => [
    index('creator_code_choices_code_idx').on(t.codeId),
    check('creator_code_choices_source', inList(t.source, CREATOR_CHOICE_SOURCES)),
  ],
)

/** The creator code an order was placed with, as it was then (code text and discount given). */
export const orderCreatorCodes = pgTable(
  'order_creator_codes',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'restrict' }),
    codeId: integer('code_id')
      .notNull()
      .references(() => creatorCodes.id, { onDelete: 'restrict' }),
    promoterId: uuid('promoter_id')
      .notNull()
      .references(() => promoters.userId, { onDelete: 'restrict' }),
    code: text('code').notNull(),
    source: text('source', { enum: CREATOR_CHOICE_SOURCES }).notNull(),
    /** Part of orders.discount_minor that the creator code took off (0 when none applied). */
    discountMinor: minor('discount_minor').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('order_creator_codes_code_idx').on(t.codeId),
    check('order_creator_codes_source', inList(t.source, CREATOR_CHOICE_SOURCES)),
    check('order_creator_codes_discount', sql`${t.discountMinor} >= 0`),
  ],
)

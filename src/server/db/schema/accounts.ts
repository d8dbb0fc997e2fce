/** Accounts: shoppers, promoters (a flag here, details in affiliate.ts) and staff (support, admin). */
import { sql } from 'drizzle-orm'
import { boolean, check, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { LOCALES, createdAt, inList, localeCode, tstz, updatedAt } from './columns'

/** SPEC §3 billing address (all optional: filled in progressively at checkout). */
export interface BillingAddress {
  firstName?: string
  lastName?: string
  phone?: string
  email?: string
  postalCode?: string
  address1?: string
  address2?: string
  country?: string
  province?: string
  city?: string
}

/**
 * `support` runs orders, refunds up to SUPPORT_REFUND_LIMIT_MINOR and support requests; `admin` runs
 * everything. Granted with `npm run ops -- grant <role> <email>` or by an admin.
 */
export const USER_ROLES = ['customer', 'support', 'admin'] as const
export type UserRole = (typeof USER_ROLES)[number]
export const STAFF_ROLES = ['support', 'admin'] as const satisfies readonly UserRole[]
export type StaffRole = (typeof STAFF_ROLES)[number]

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Public account number shown to the user and support (SPEC `aid`); not guessable-sensitive. */
    aid: integer('aid').notNull().unique().generatedAlwaysAsIdentity({ startWith: 100001 }),
    /** Stored lower-cased so uniqueness is case-insensitive without the citext extension. */
    email: text('email').notNull().unique(),
    /** scrypt$N$r$p$salt$hash (src/modules/accounts/password.server.ts); null for social-only accounts. */
    passwordHash: text('password_hash'),
    username: text('username'),
    avatar: text('avatar'),
    promoter: boolean('promoter').notNull().default(false),
    billingAddress: jsonb('billing_address').$type<BillingAddress>(),
    facebookId: text('facebook_id'),
    skypeId: text('skype_id'),
    telegramId: text('telegram_id'),
    twitterId: text('twitter_id'),
    discordId: text('discord_id'),
    whatsAppId: text('whats_app_id'),
    steamId: text('steam_id'),
    locale: localeCode().notNull().default('en'),
    role: text('role', { enum: USER_ROLES }).notNull().default('customer'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    emailVerifiedAt: tstz('email_verified_at'),
    /**
     * The shopper deleted the account (ADR 126): personal data erased in place, the e-mail replaced
     * by a placeholder (free for a new account), no way to sign in; orders and ledgers still point here.
     */
    deletedAt: tstz('deleted_at'),
  },
  (t) => [
    check('users_email_lower', sql`${t.email} = lower(${t.email}) and position('@' in ${t.email}) > 1`),
    check('users_role', inList(t.role, USER_ROLES)),
    check('users_locale', inList(t.locale, LOCALES)),
  ],
)

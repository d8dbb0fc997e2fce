/**
 * Privacy self-service (ADR 125, 126): a shopper's requests for a copy of their data and for the
 * deletion of their account, kept so admins can see what is pending and the audit log has a target.
 */
import { sql } from 'drizzle-orm'
import { check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { users } from './accounts'
import { LOCALES, createdAt, inList, localeCode, tstz } from './columns'

export const PRIVACY_REQUEST_KINDS = ['export', 'deletion'] as const
export type PrivacyRequestKind = (typeof PRIVACY_REQUEST_KINDS)[number]

/**
 * export: pending (the job builds the file) → ready (mailed, the link works until expires_at) →
 * done (downloaded once) or expired. deletion: pending (a code was mailed) → done (the account was
 * erased) or expired (the code was never used).
 */
export const PRIVACY_REQUEST_STATUSES = ['pending', 'ready', 'done', 'expired'] as const
export type PrivacyRequestStatus = (typeof PRIVACY_REQUEST_STATUSES)[number]

export const privacyRequests = pgTable(
  'privacy_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Accounts are never deleted as rows (orders and ledgers point at them): erased in place.
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: PRIVACY_REQUEST_KINDS }).notNull(),
    status: text('status', { enum: PRIVACY_REQUEST_STATUSES }).notNull().default('pending'),
    /** The language of the mails and of the download page the link opens. */
    locale: localeCode().notNull().default('en'),
    /** Export: SHA-256 of the download link's token (the token itself is only in the mail). */
    tokenHash: text('token_hash'),
    /** Export: the JSON file, kept only while the link works (cleared when used or expired). */
    file: text('file'),
    /** Export: the link's end; deletion: the mailed code's end. */
    expiresAt: tstz('expires_at'),
    completedAt: tstz('completed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('privacy_requests_user_idx').on(t.userId, t.kind, t.createdAt),
    index('privacy_requests_open_idx')
      .on(t.createdAt)
      .where(sql`${t.status} in ('pending', 'ready')`),
    uniqueIndex('privacy_requests_token_uq')
      .on(t.tokenHash)
      .where(sql`${t.tokenHash} is not null`),
    check('privacy_requests_kind', inList(t.kind, PRIVACY_REQUEST_KINDS)),
    check('privacy_requests_status', inList(t.status, PRIVACY_REQUEST_STATUSES)),
    check('privacy_requests_locale', inList(t.locale, LOCALES)),
    check('privacy_requests_file', sql`${t.file} is null or ${t.status} = 'ready'`),
  ],
)

/**
 * Passkeys (WebAuthn credentials, ADR 113): one table for every account. A shopper signs in with
 * one on the authorization server's page; for staff each one is also an accepted second factor.
 * Challenges are single-use (deleted when answered) and expire.
 */
import { bigint, boolean, check, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { createdAt, inList, tstz } from './columns'
import { users } from './accounts'

export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The credential id as the browser reports it (base64url); unique across all accounts. */
    credentialId: text('credential_id').notNull().unique(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    /** The authenticator's signature counter (0 for those that keep none); up to 2^32 - 1. */
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    /** The owner's name for it ("Laptop", "Phone"). */
    label: text('label').notNull(),
    /** Synced passkey (multi-device) or bound to one device; backed up by the provider. */
    multiDevice: boolean('multi_device').notNull().default(false),
    backedUp: boolean('backed_up').notNull().default(false),
    createdAt: createdAt(),
    lastUsedAt: tstz('last_used_at'),
  },
  (t) => [index('passkeys_user_idx').on(t.userId)],
)

export const PASSKEY_PURPOSES = ['register', 'sign-in', 'staff'] as const
export type PasskeyPurpose = (typeof PASSKEY_PURPOSES)[number]

/** A challenge handed to a browser; answered once (deleted on use), refused after `expiresAt`. */
export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    challenge: text('challenge').primaryKey(),
    purpose: text('purpose').$type<PasskeyPurpose>().notNull(),
    /** Registration and staff checks are for one account; a sign-in challenge is anyone's. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: tstz('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('passkey_challenges_expires_idx').on(t.expiresAt),
    check('passkey_challenges_purpose_check', inList(t.purpose, PASSKEY_PURPOSES)),
  ],
)

/**
 * Sign-in: the authorization server's storage (oidc-provider models, keys), the storefront
 * client's sign-in states and sessions (tokens never leave the server), e-mail codes and the
 * shared rate-limit counters.
 */
import { sql } from 'drizzle-orm'
import { bigint, check, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core'
import { createdAt, inList, tstz, updatedAt } from './columns'
import { users } from './accounts'

/** Every oidc-provider model (Session, Interaction, AuthorizationCode, Grant, tokens...) in one table. */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    grantId: text('grant_id'),
    uid: text('uid'),
    userCode: text('user_code'),
    expiresAt: tstz('expires_at'),
    consumedAt: tstz('consumed_at'),
  },
  (t) => [
    primaryKey({ columns: [t.model, t.id] }),
    index('oidc_payloads_grant_idx').on(t.grantId),
    index('oidc_payloads_uid_idx').on(t.model, t.uid),
    index('oidc_payloads_user_code_idx').on(t.model, t.userCode),
    index('oidc_payloads_expires_idx').on(t.expiresAt),
  ],
)

/**
 * Secrets generated on first start and shared by every instance: the signing keys (private JWKS),
 * cookie-signing keys, the first-party client's secret. Never committed, never sent to a browser.
 */
export const authSecrets = pgTable('auth_secrets', {
  name: text('name').primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
  createdAt: createdAt(),
})

/** One pending sign-in of the storefront client, bound to the browser's session cookie (hashed). */
export const authStates = pgTable(
  'auth_states',
  {
    state: text('state').primaryKey(),
    sessionHash: text('session_hash').notNull(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    /** Settings the request was made with; the callback compares them with the current ones. */
    authority: text('authority').notNull(),
    clientId: text('client_id').notNull(),
    /** Same-site path to land on afterwards. */
    returnTo: text('return_to').notNull().default('/'),
    createdAt: createdAt(),
  },
  (t) => [index('auth_states_created_idx').on(t.createdAt)],
)

/** A signed-in browser. The cookie holds a random id; only its SHA-256 is stored here. */
export const sessions = pgTable(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    authority: text('authority').notNull(),
    clientId: text('client_id').notNull(),
    /** Claims that must not change on refresh (SPEC §5): sub, auth_time, azp. */
    sub: text('sub').notNull(),
    authTime: integer('auth_time'),
    azp: text('azp'),
    idToken: text('id_token').notNull(),
    accessToken: text('access_token').notNull(),
    refreshToken: text('refresh_token'),
    tokenType: text('token_type').notNull().default('Bearer'),
    scope: text('scope'),
    sessionState: text('session_state'),
    profile: jsonb('profile').$type<Record<string, unknown>>().notNull().default({}),
    /** Access-token expiry; refreshed 60 s before it. */
    expiresAt: tstz('expires_at').notNull(),
    /** Staff: when this session last proved the second factor (null: not yet); ADR 111. */
    staffVerifiedAt: tstz('staff_verified_at'),
    /** The browser and address that signed in, and when the session was last used (staff's list). */
    userAgent: text('user_agent'),
    ipAddress: text('ip_address'),
    lastSeenAt: tstz('last_seen_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
)

/**
 * A staff member's second factor (ADR 111): a TOTP secret, never sent again once enrolment is
 * confirmed (`enrolledAt`); until then a new enrolment replaces it.
 */
export const staffFactors = pgTable('staff_factors', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  enrolledAt: tstz('enrolled_at'),
  /** The time step of the last accepted code: a code is taken once, never an older one (ADR 118). */
  lastTimeStep: bigint('last_time_step', { mode: 'number' }),
  createdAt: createdAt(),
})

/** Ten one-time recovery codes per enrolment, stored hashed (SHA-256); `usedAt` once spent. */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: tstz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.codeHash] })],
)

/** delete_account: confirms a shopper's own account deletion (ADR 126). */
export const EMAIL_CODE_PURPOSES = ['signup', 'reset', 'delete_account'] as const

/** Six-digit codes mailed for sign-up, password reset and account deletion; stored hashed, few attempts, short-lived. */
export const emailCodes = pgTable(
  'email_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    purpose: text('purpose', { enum: EMAIL_CODE_PURPOSES }).notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: tstz('expires_at').notNull(),
    consumedAt: tstz('consumed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('email_codes_lookup_idx').on(t.email, t.purpose, t.createdAt),
    check('email_codes_purpose', inList(t.purpose, EMAIL_CODE_PURPOSES)),
  ],
)

/** Fixed-window counters shared by all instances: key = what is limited, window = its start. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: tstz('window_start').notNull(),
    hits: integer('hits').notNull().default(0),
    expiresAt: tstz('expires_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.key, t.windowStart] }),
    index('rate_limits_expires_idx').on(t.expiresAt),
    check('rate_limits_hits', sql`${t.hits} >= 0`),
  ],
)

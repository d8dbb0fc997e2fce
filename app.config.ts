/**
 * The app's runtime configuration: one zod schema over the environment, parsed once.
 * Server-only: never import this from client code (browser-safe values travel via loaders).
 */
import { z } from 'zod'

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1')

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  /** Public origin of the site, used for canonical links, sitemap and OIDC issuer. */
  PUBLIC_ORIGIN: z.url().optional(),
  /** Embedded PGlite data directory (used when DATABASE_URL is not set). */
  DATA_DIR: z.string().min(1).default('./data'),
  /** PostgreSQL connection string; when set, the embedded database is not used. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(8),
  /** Locale used when neither URL, cookie nor Accept-Language decide (SPEC: en-US → en). */
  LOCALE_FALLBACK: z.enum(['en', 'fr', 'pt', 'es', 'de', 'ru']).default('en'),
  /** Mark cookies Secure (set behind https). */
  COOKIE_SECURE: bool,
  /** SameSite=None for the locale cookie (cross-origin embedding). Requires COOKIE_SECURE. */
  COOKIE_CROSS_ORIGIN: bool,
  /** Seed demo data on start (idempotent). */
  SEED_DEMO: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  SMTP_URL: z.string().optional(),
  /** Sender of outgoing mail (verification codes). */
  MAIL_FROM: z.string().min(3).default('TopUp Hub <no-reply@topup-hub.local>'),
  /** The storefront's client at our own authorization server. */
  OIDC_CLIENT_ID: z
    .string()
    .regex(/^[\w.-]{3,64}$/)
    .default('storefront'),
  /** Its secret; generated once and kept in the database when unset. URL-safe (arctic sends it raw). */
  OIDC_CLIENT_SECRET: z
    .string()
    .regex(/^[\w-]{32,128}$/, 'must be 32-128 URL-safe characters')
    .optional(),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  /**
   * HMAC-SHA256 key shared with the payment gateway for webhook signatures. When unset (sandbox,
   * development), one is generated on first use and kept in the database, so every instance on
   * the same database agrees.
   */
  PAYMENT_WEBHOOK_SECRET: z.string().min(16).optional(),
  /** Where the gateway posts webhooks; default PUBLIC_ORIGIN, else this process on 127.0.0.1:PORT. */
  PAYMENT_WEBHOOK_URL: z.url().optional(),
  /** Minutes an unpaid order stays payable before it expires. */
  ORDER_PAYMENT_TTL_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(30),
  /** Simulated delivery time of the sandbox supplier, in milliseconds. */
  SANDBOX_SUPPLIER_LATENCY_MS: z.coerce.number().int().min(0).max(60_000).default(300),
  /** Run the background job worker in this process (every instance does by default). */
  JOB_WORKER: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  JOB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(16),
  /** Affiliate commission in basis points of an order's net amount (500 = 5%). */
  AFFILIATE_RATE_BPS: z.coerce.number().int().min(0).max(10000).default(500),
  /** Days after delivery before a commission becomes withdrawable (the refund window). */
  AFFILIATE_HOLD_DAYS: z.coerce.number().int().min(0).max(365).default(14),
  /** Days a referral click keeps attributing a sign-up (the attribution cookie's lifetime). */
  AFFILIATE_WINDOW_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** Which click gets the credit when a visitor followed several referral links. */
  AFFILIATE_ATTRIBUTION: z.enum(['last', 'first']).default('last'),
  /** Smallest withdrawal, in minor units of the promoter's currency. */
  AFFILIATE_MIN_WITHDRAWAL_MINOR: z.coerce.number().int().min(1).default(2000),
  /** Sentry DSN for browser and server error reports; reporting is off when unset. */
  SENTRY_DSN: z.url().optional(),
  /** Breadcrumbs kept per event (SPEC §9: 25 by default, up to 100). */
  SENTRY_MAX_BREADCRUMBS: z.coerce.number().int().min(0).max(100).default(25),
  /** Events sent per browser session (SPEC §9: 10 by default, up to 100). */
  SENTRY_MAX_EVENTS_PER_SESSION: z.coerce.number().int().min(1).max(100).default(10),
  /** Live-chat widget script and site id; the widget is off when the script URL is unset. */
  LIVE_CHAT_SCRIPT_URL: z.string().min(1).optional(),
  LIVE_CHAT_SITE_ID: z.string().min(1).optional(),
  /** Analytics tag id and script URL (loaded only with an id, after cookie consent). */
  ANALYTICS_ID: z.string().min(1).optional(),
  ANALYTICS_SCRIPT_URL: z.string().min(1).default('https://www.googletagmanager.com/gtag/js'),
  /**
   * Test clock for browser journeys: the affiliate clock adds an offset kept in the database, which
   * operators move with POST /api/workshop/clock. Never enable it in production.
   */
  ALLOW_TEST_CLOCK: bool,
  /** Token that opens the internal workshop pages (/workshop/*) outside development. */
  WORKSHOP_TOKEN: z.string().min(16).optional(),
})

export type AppConfig = z.infer<typeof schema>

export function parseConfig(env: Record<string, string | undefined>): AppConfig {
  const result = schema.safeParse(env)
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`)
  }
  if (result.data.COOKIE_CROSS_ORIGIN && !result.data.COOKIE_SECURE) {
    throw new Error('Invalid configuration:\n  COOKIE_CROSS_ORIGIN: requires COOKIE_SECURE=true')
  }
  return result.data
}

let cached: AppConfig | undefined

/** The configuration of this process, parsed from process.env on first use. */
export function config(): AppConfig {
  cached ??= parseConfig(process.env)
  return cached
}

/**
 * The app's runtime configuration: one zod schema over the environment, parsed once.
 * Server-only: never import this from client code (browser-safe values travel via loaders).
 */
import { isIP } from 'node:net'
import { z } from 'zod'
import { DEFAULT_LOCALE, LOCALES } from './src/modules/i18n/locales'

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1')

/** Unset stays undefined, so defaults can depend on other settings (see resolveDefaults). */
const optionalBool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : v === 'true' || v === '1'))

export type TrustProxy = { kind: 'off' } | { kind: 'hops'; hops: number } | { kind: 'list'; cidrs: string[] }

function parseTrustProxy(value: string | undefined, ctx: z.RefinementCtx): TrustProxy {
  const v = value?.trim().toLowerCase() ?? ''
  if (v === '' || v === 'false' || v === '0') return { kind: 'off' }
  if (/^\d+$/.test(v)) {
    const hops = Number(v)
    if (hops <= 32) return { kind: 'hops', hops }
  }
  const cidrs = v
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean)
  if (cidrs.length > 0 && cidrs.every(isCidr)) return { kind: 'list', cidrs }
  ctx.addIssue({ code: 'custom', message: 'must be a hop count (1-32) or a comma-separated list of IPs/CIDRs' })
  return z.NEVER
}

function isCidr(value: string): boolean {
  const [address, bits, extra] = value.split('/')
  if (extra !== undefined || !address) return false
  const version = isIP(address)
  if (version === 0) return false
  if (bits === undefined) return true
  return /^\d+$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128)
}

/** `BRL:card,pix;EUR:card,ideal` → { BRL: ['card', 'pix'], EUR: ['card', 'ideal'] } (card always first). */
function parseStripeMethods(value: string | undefined, ctx: z.RefinementCtx): Record<string, string[]> {
  const methods: Record<string, string[]> = {}
  for (const part of (value ?? '').split(/[;\s]+/).filter(Boolean)) {
    const [currency, list, extra] = part.split(':')
    const names = (list ?? '').split(',').filter(Boolean)
    if (
      extra !== undefined ||
      names.length === 0 ||
      !/^[A-Za-z]{3}$/.test(currency ?? '') ||
      !names.every((n) => /^[a-z_]{2,40}$/.test(n))
    ) {
      ctx.addIssue({ code: 'custom', message: `"${part}" is not CUR:method,method (e.g. BRL:card,pix)` })
      return z.NEVER
    }
    methods[currency!.toUpperCase()] = ['card', ...names.filter((n) => n !== 'card')]
  }
  return methods
}

/** The keys a chosen payment provider cannot run without: one line per missing key. */
function missingProviderKeys(c: RawConfig): string[] {
  const need = (provider: string, keys: (keyof RawConfig)[]) =>
    keys.filter((k) => !c[k]).map((k) => `  ${k}: required with ${provider}`)
  return [
    ...(c.PAYMENT_PROVIDER_CARD === 'stripe'
      ? need('PAYMENT_PROVIDER_CARD=stripe', ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'])
      : []),
    ...(c.PAYMENT_PROVIDER_WALLET === 'paypal'
      ? need('PAYMENT_PROVIDER_WALLET=paypal', ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET', 'PAYPAL_WEBHOOK_ID'])
      : []),
    ...(c.SUPPLIER_URL ? need('SUPPLIER_URL', ['SUPPLIER_SECRET']) : []),
  ]
}

const schema = z.object({
  /**
   * Unset means development here; server.mjs sets it to production before anything loads (React
   * and other libraries read it from the environment at import, so it cannot wait for this schema).
   */
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  /** Public origin of the site, used for canonical links, sitemap and OIDC issuer. */
  PUBLIC_ORIGIN: z.url().optional(),
  /** Embedded PGlite data directory (used when DATABASE_URL is not set). */
  DATA_DIR: z.string().min(1).default('./data'),
  /** The SQL migrations, relative to the working directory (a deployed bundle may keep them elsewhere). */
  MIGRATIONS_DIR: z.string().min(1).default('drizzle'),
  /** PostgreSQL connection string; when set, the embedded database is not used. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(8),
  /** Locale used when neither URL, cookie nor Accept-Language decide (SPEC: en-US → en). */
  LOCALE_FALLBACK: z.enum(LOCALES).default(DEFAULT_LOCALE),
  /** Mark cookies Secure (set behind https). */
  COOKIE_SECURE: bool,
  /** SameSite=None for the locale cookie (cross-origin embedding). Requires COOKIE_SECURE. */
  COOKIE_CROSS_ORIGIN: bool,
  /**
   * Demo accounts with the README's public passwords (shopper, promoter, operator) plus the sample
   * catalogue. Default: on for the embedded database (quick start), off on PostgreSQL.
   */
  SEED_DEMO: optionalBool,
  /** Sample catalogue and content (games, offers, articles, pages) without accounts. Default: SEED_DEMO. */
  SEED_CATALOG: optionalBool,
  /**
   * Which proxies may tell us the client's address (X-Forwarded-For): a hop count (`1` = the one
   * load balancer in front) or a comma-separated list of proxy addresses/CIDRs. Off by default:
   * the socket address is the client.
   */
  TRUST_PROXY: z.string().optional().transform(parseTrustProxy),
  /** Player-ID lookups per 10 minutes, per client address and per signed-in user. */
  PLAYER_LOOKUP_LIMIT: z.coerce.number().int().min(1).max(100_000).default(60),
  /** Hours a shopper has to correct player details the supplier refused at delivery (then a refund). */
  PLAYER_FIX_WINDOW_HOURS: z.coerce.number().int().min(1).max(168).default(24),
  /**
   * Minutes a shopper whose paid order could not be delivered may choose between a refund to the
   * card or wallet and store credit at once (ADR 116); without an answer the card or wallet is
   * refunded at the deadline. 0: no choice, the card or wallet is refunded at once.
   */
  REFUND_CHOICE_MINUTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 60)
    .default(30),
  /** Coupon lookup units per 10 minutes, per client and per user (a found code costs 1, an unknown one 5). */
  COUPON_LOOKUP_LIMIT: z.coerce.number().int().min(5).max(100_000).default(100),
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
  /**
   * How long one request's claim on refreshing a session's tokens keeps other requests (and other
   * instances) from refreshing it again: a rotated refresh token used twice revokes the whole
   * grant. Tests shorten it so an expiring session can be refreshed twice without a 10 s wait.
   */
  SESSION_REFRESH_CLAIM_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  /**
   * HMAC-SHA256 key shared with the payment gateway for webhook signatures. When unset (sandbox,
   * development), one is generated on first use and kept in the database, so every instance on
   * the same database agrees.
   */
  PAYMENT_WEBHOOK_SECRET: z.string().min(16).optional(),
  /** Where the gateway posts webhooks; default PUBLIC_ORIGIN, else this process on 127.0.0.1:PORT. */
  PAYMENT_WEBHOOK_URL: z.url().optional(),
  /** Who takes card payments: the embedded sandbox (default, no keys) or Stripe Checkout. */
  PAYMENT_PROVIDER_CARD: z.enum(['sandbox', 'stripe']).default('sandbox'),
  /** Who takes wallet payments: the embedded sandbox (default, no keys) or PayPal. */
  PAYMENT_PROVIDER_WALLET: z.enum(['sandbox', 'paypal']).default('sandbox'),
  /** Stripe secret (or restricted) key; `sk_test_…` is test mode. Required with PAYMENT_PROVIDER_CARD=stripe. */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_test_… or sk_live_…)')
    .optional(),
  /** Signing secret of the Stripe webhook endpoint (`whsec_…`). Required with PAYMENT_PROVIDER_CARD=stripe. */
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, 'must be a Stripe webhook signing secret (whsec_…)')
    .optional(),
  /**
   * Payment methods Stripe Checkout offers per currency, e.g. `BRL:card,pix,boleto;EUR:card,ideal`.
   * Card is always offered; a currency not listed gets card only.
   */
  STRIPE_PAYMENT_METHODS: z.string().optional().transform(parseStripeMethods),
  /** The API base the Stripe SDK talks to (default Stripe's own; tests point it at a local stand-in). */
  STRIPE_API_URL: z.url().optional(),
  /** PayPal REST app credentials and webhook id. Required with PAYMENT_PROVIDER_WALLET=paypal. */
  PAYPAL_CLIENT_ID: z.string().min(1).optional(),
  PAYPAL_CLIENT_SECRET: z.string().min(1).optional(),
  PAYPAL_WEBHOOK_ID: z.string().min(1).optional(),
  /** `sandbox` (PayPal's test environment, default) or `live`. */
  PAYPAL_MODE: z.enum(['sandbox', 'live']).default('sandbox'),
  /** The API base the PayPal SDK talks to (default PayPal's for PAYPAL_MODE; tests point it at a stand-in). */
  PAYPAL_API_URL: z.url().optional(),
  /** How long one call to Stripe or PayPal may take before the shopper is told to try again. */
  PAYMENT_PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** Minutes an unpaid order stays payable before it expires. */
  ORDER_PAYMENT_TTL_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(30),
  /**
   * The most the support role may refund on one order, all its refunds of that order together, in
   * minor units of the order's currency (admins have no limit). A refund to store credit beyond it
   * waits for a second staff member's approval. 5000 is $50.00 / €50.00.
   */
  SUPPORT_REFUND_LIMIT_MINOR: z.coerce.number().int().min(0).default(5000),
  /**
   * The most one support member may refund in 24 hours, all orders together (minor units; admins
   * have no limit). 20000 is $200.00 / €200.00.
   */
  SUPPORT_REFUND_DAILY_LIMIT_MINOR: z.coerce.number().int().min(0).default(20_000),
  /**
   * Refunds, role changes, withdrawal decisions and credit grants ask staff for their authenticator
   * code again once the last one is older than this (minutes, on the app's clock; ADR 111).
   */
  STAFF_STEP_UP_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(15),
  /** A staff member's session ends this many hours after the sign-in (ADR 112). */
  STAFF_SESSION_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(12),
  /**
   * Withdrawals above this amount (minor units of their currency) need the approval of two
   * different admins. 50000 is $500.00 / €500.00.
   */
  WITHDRAWAL_SECOND_APPROVAL_MINOR: z.coerce.number().int().min(0).default(50_000),
  /** Simulated delivery time of the sandbox supplier, in milliseconds. */
  SANDBOX_SUPPLIER_LATENCY_MS: z.coerce.number().int().min(0).max(60_000).default(300),
  /**
   * The supplier's HTTP API (docs/supplier-protocol.md). Unset: the embedded sandbox answers in
   * process (`npm run dev`, tests); `npm start` then runs the sandbox service and sets it.
   */
  SUPPLIER_URL: z.url().optional(),
  /** Shared secret of the supplier protocol's HMAC signatures; required with SUPPLIER_URL. */
  SUPPLIER_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  /** The supplier's name in orders, metrics and the callback path /api/fulfilment/callbacks/{name}. */
  SUPPLIER_NAME: z
    .string()
    .regex(/^[a-z0-9-]{1,32}$/, 'lower-case letters, digits and dashes')
    .default('sandbox'),
  /** Where the supplier sends callbacks; default PUBLIC_ORIGIN + /api/fulfilment/callbacks/SUPPLIER_NAME. */
  SUPPLIER_CALLBACK_URL: z.url().optional(),
  /** How long one HTTP call to the supplier may take. */
  SUPPLIER_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  /** Retries of one call after a timeout, a connection error or a 5xx (same reference). */
  SUPPLIER_RETRIES: z.coerce.number().int().min(0).max(10).default(2),
  /** First retry delay; doubles per retry, with full jitter. */
  SUPPLIER_RETRY_BASE_MS: z.coerce.number().int().min(1).max(60_000).default(200),
  /** Consecutive failed calls after which this instance's breaker for the supplier opens. */
  SUPPLIER_BREAKER_FAILURES: z.coerce.number().int().min(1).max(1000).default(5),
  /** How long an open breaker waits before it lets one probe call through. */
  SUPPLIER_BREAKER_COOLDOWN_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
  /** After a top-up is accepted: how long to wait for its callback before polling its status. */
  SUPPLIER_CALLBACK_WAIT_MS: z.coerce.number().int().min(100).max(3_600_000).default(15_000),
  /** Below this prepaid balance (minor units, any currency) admins are warned, once per drop. */
  SUPPLIER_LOW_BALANCE_MINOR: z.coerce.number().int().min(0).default(10_000),
  /** Port of the sandbox supplier service (`npm run supplier`, and `npm start` without SUPPLIER_URL). */
  SUPPLIER_SANDBOX_PORT: z.coerce.number().int().min(1).max(65535).default(3011),
  /**
   * The sandbox service's fault modes, e.g. `latency=800,error5xx=0.2,timeout=0.05,drop=0.3,
   * duplicate=1,down=1` (docs/supplier-protocol.md); also changeable at runtime through its
   * signed `POST /sandbox/faults`.
   */
  SUPPLIER_SANDBOX_FAULTS: z.string().default(''),
  /** The sandbox service's state file (accepted top-ups, balance): idempotency survives restarts. */
  SUPPLIER_SANDBOX_STATE: z.string().min(1).optional(),
  /** The sandbox service's starting prepaid balance per currency (minor units). */
  SUPPLIER_SANDBOX_BALANCE_MINOR: z.coerce.number().int().min(0).default(100_000_000),
  /** Run the background job worker in this process (every instance does by default). */
  JOB_WORKER: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  /**
   * SIGTERM: the longest a graceful shutdown takes (requests in flight and running jobs finish
   * within it; what is left then is cut, and unfinished jobs go back to the queue at once).
   */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(15_000),
  /**
   * SIGTERM: how long the instance keeps serving and accepting after /readyz turned 503, so the
   * load balancer (deploy/nginx: a readiness check every second) takes it out before it stops
   * accepting; then it closes its listener and idle connections. Part of SHUTDOWN_GRACE_MS.
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(600_000).default(3_000),
  /**
   * The longest lease any job is claimed for (each queue has its own, up to 10 min): a crashed
   * instance's jobs come back after it. Tests of crashes shorten it; leave it unset otherwise.
   */
  JOB_LEASE_MAX_MS: z.coerce.number().int().min(1000).max(3_600_000).optional(),
  /** Jobs of one queue one worker runs at once; each queue has its own slots (ADR 077). */
  JOB_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(16),
  /** Affiliate commission in basis points of an order's net amount (500 = 5%). */
  AFFILIATE_RATE_BPS: z.coerce.number().int().min(0).max(10000).default(500),
  /** Days after delivery before a commission becomes withdrawable (the refund window). */
  AFFILIATE_HOLD_DAYS: z.coerce.number().int().min(0).max(365).default(14),
  /** Days a referral click keeps attributing a sign-up (the attribution cookie's lifetime). */
  AFFILIATE_WINDOW_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** Which click gets the credit when a visitor followed several referral links. */
  AFFILIATE_ATTRIBUTION: z.enum(['last', 'first']).default('last'),
  /**
   * 'manual': a shopper who joins the programme is a pending promoter until an admin approves
   * them (their links count and their orders earn only from then on); 'auto': active at once.
   */
  AFFILIATE_APPROVAL: z.enum(['auto', 'manual']).default('auto'),
  /** Smallest withdrawal, in minor units of the promoter's currency. */
  AFFILIATE_MIN_WITHDRAWAL_MINOR: z.coerce.number().int().min(1).default(2000),
  /**
   * OpenTelemetry collector (OTLP over HTTP, e.g. http://otel-collector:4318): spans for requests,
   * server functions, database queries and provider/supplier calls. Tracing is off (and its SDK
   * not loaded) when unset.
   */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url().optional(),
  /** The service name the spans carry. */
  OTEL_SERVICE_NAME: z.string().min(1).default('game-topup-storefront'),
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
   * Test clock for browser journeys: the app's clock (src/modules/time/clock.ts) adds an offset
   * kept in the database, which operators move with POST /api/workshop/clock (ADR 061). Never
   * enable it in production.
   */
  ALLOW_TEST_CLOCK: bool,
  /**
   * Test fixtures for browser journeys: POST /api/workshop/test-users makes an account per test
   * (src/modules/workshop/test-users.server.ts). Never enable it in production.
   */
  ALLOW_TEST_FIXTURES: bool,
  /** Bearer token Prometheus sends to GET /metrics; without it the endpoint is a 404 (ADR 094). */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Token that opens the internal workshop pages (/workshop/*) outside development. */
  WORKSHOP_TOKEN: z.string().min(16).optional(),
})

type RawConfig = z.infer<typeof schema>

/** The parsed configuration with the defaults that depend on other settings decided. */
export type AppConfig = Omit<RawConfig, 'SEED_DEMO' | 'SEED_CATALOG'> & { SEED_DEMO: boolean; SEED_CATALOG: boolean }

/**
 * `command`: a command-line tool (`npm run ops`) rather than a server. It prints no absolute URL,
 * so PUBLIC_ORIGIN is not required of it (siteOrigin() refuses to guess one on PostgreSQL).
 */
/**
 * What a start stopped by a bad configuration prints: one line per bad setting, each saying it is
 * the configuration (`Invalid configuration: STRIPE_SECRET_KEY: required with …`), no stack.
 */
export function configErrorLines(message: string): string[] {
  const [head = '', ...issues] = message.split('\n').map((line) => line.trim())
  const settings = issues.filter(Boolean)
  return settings.length > 0 ? settings.map((issue) => `${head} ${issue}`) : [head]
}

export function parseConfig(env: Record<string, string | undefined>, opts: { command?: boolean } = {}): AppConfig {
  const result = schema.safeParse(env)
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const c = result.data
  if (c.COOKIE_CROSS_ORIGIN && !c.COOKIE_SECURE) {
    throw new Error('Invalid configuration:\n  COOKIE_CROSS_ORIGIN: requires COOKIE_SECURE=true')
  }
  const missing = missingProviderKeys(c)
  if (missing.length > 0) throw new Error(`Invalid configuration:\n${missing.join('\n')}`)
  // A shared database means a real deployment: absolute URLs (sitemap, canonical links, payment
  // returns, the OIDC issuer) must not be taken from the Host header, which any client sets.
  if (c.DATABASE_URL && !c.PUBLIC_ORIGIN && !opts.command) {
    throw new Error(
      'Invalid configuration:\n  PUBLIC_ORIGIN: required with DATABASE_URL (the https://… address customers use)',
    )
  }
  // The embedded database is the quick start: the demo shop. PostgreSQL is production: nothing
  // seeded unless asked for explicitly.
  const seedDemo = c.SEED_DEMO ?? !c.DATABASE_URL
  return { ...c, SEED_DEMO: seedDemo, SEED_CATALOG: seedDemo || (c.SEED_CATALOG ?? false) }
}

let cached: AppConfig | undefined
let overrides: Record<string, string | undefined> = {}
let command = false

/** The configuration of this process, parsed from process.env (and test overrides) on first use. */
export function config(): AppConfig {
  cached ??= parseConfig({ ...process.env, ...overrides }, { command })
  return cached
}

/** This process is a command-line tool, not a server (see parseConfig); call before config(). */
export function runningAsCommand(): void {
  command = true
  cached = undefined
}

/**
 * Tests only: these settings on top of the environment (`undefined` unsets one) until the returned
 * function puts the previous ones back. The parsed configuration is dropped both times, so the
 * next config() reads them whatever was imported first; process.env is left alone.
 */
export function overrideConfig(values: Record<string, string | undefined>): () => void {
  const previous = overrides
  overrides = { ...overrides, ...values }
  cached = undefined
  return () => {
    overrides = previous
    cached = undefined
  }
}

/** Tests only: runs `fn` with these settings (see overrideConfig), then puts the previous ones back. */
export async function withConfig<T>(values: Record<string, string | undefined>, fn: () => T | Promise<T>): Promise<T> {
  const restore = overrideConfig(values)
  try {
    return await fn()
  } finally {
    restore()
  }
}

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
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
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

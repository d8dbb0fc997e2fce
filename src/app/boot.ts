/**
 * The process's life: boot (database, seeds, job worker), readiness, shutdown. Called by the server
 * entry (src/server.ts) for server.mjs, the dev server and the scripts that start it.
 */
import { sql } from 'drizzle-orm'
import { config } from '../../app.config'
import { startCacheSync, stopCacheSync } from '~/server/cache-sync'
import { firstAttempt, readinessState, recover, setProbe } from '~/server/db/availability'
import { closeDb, dbDriver, getDb } from '~/server/db/client'
import { startServerErrorReporting } from '~/server/error-reporting'
import { startJobWorker, stopJobWorker } from '~/server/jobs/runtime'
import { log } from '~/server/log'
import { flushTracing, startTracing } from '~/server/tracing'
import { scheduleAppJobs } from './jobs'
import { DEMO_ACCOUNTS } from './seed/demo-accounts'
import { seedCatalogData, seedDemoAccounts } from './seed/seed'
import { wireApp } from './wiring'

let booted: Promise<void> | undefined

/**
 * Opens and migrates the database, seeds what SEED_CATALOG / SEED_DEMO ask for (idempotent) and
 * starts the job worker. Once per process; a failure (database away) lets the next call retry.
 */
export function boot(): Promise<void> {
  booted ??= (async () => {
    wireApp()
    const { OTEL_EXPORTER_OTLP_ENDPOINT: otlp, OTEL_SERVICE_NAME } = config()
    if (otlp) await startTracing(otlp, OTEL_SERVICE_NAME)
    await startServerErrorReporting()
    const db = await getDb()
    const cfg = config()
    // Instances sharing PostgreSQL tell each other about writes, so no cache serves stale data.
    if (cfg.DATABASE_URL) await startCacheSync(cfg.DATABASE_URL, db)
    if (cfg.SEED_CATALOG) {
      const { inserted } = await seedCatalogData(db)
      if (inserted) log.info({}, 'sample catalogue seeded')
    }
    if (cfg.SEED_DEMO) {
      const { inserted } = await seedDemoAccounts(db)
      if (inserted) log.info({}, 'demo accounts seeded')
      if (dbDriver() === 'postgres') {
        log.warn(
          { accounts: Object.values(DEMO_ACCOUNTS).map((a) => a.email) },
          'SEED_DEMO=true on PostgreSQL: demo accounts with the public README passwords exist (including an operator). Never do this in production.',
        )
      }
    }
    // Every instance runs a worker: jobs are shared through the database (SKIP LOCKED claims).
    startJobWorker(db, scheduleAppJobs)
  })()
  booted.catch(() => {
    booted = undefined
  })
  return booted
}

// Until the first boot succeeds the probe boots; afterwards it checks that the database answers.
setProbe(async () => {
  await boot()
  await (await getDb()).execute(sql`select 1`)
})

/**
 * Starts bringing the database up in the background (retrying with backoff) and returns at once:
 * the server listens meanwhile and answers 503 until it is ready.
 */
export function start(): Promise<void> {
  return recover()
}

/**
 * For requests arriving before anyone called start() (the dev server): the first attempt is
 * awaited so the embedded database's first open does not show a 503; after a failure, no waiting.
 */
export async function ensureStarted(): Promise<void> {
  const state = readinessState()
  if (state.ready || state.reason !== 'starting') return
  void start()
  await firstAttempt
}

export function demoAccountsBanner(): string | null {
  if (!config().SEED_DEMO) return null
  const lines = Object.entries(DEMO_ACCOUNTS).map(
    ([role, a]) =>
      `  ${role.padEnd(9)} ${a.email} / ${a.password}${'totpSecret' in a ? ` / authenticator secret ${a.totpSecret}` : ''}`,
  )
  return ['Demo accounts:', ...lines].join('\n')
}

export async function shutdown(): Promise<void> {
  await flushTracing()
  await stopJobWorker()
  await stopCacheSync()
  await closeDb()
}

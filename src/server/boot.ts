import { config } from '../../app.config'
import { closeDb, getDb } from './db/client'
import { DEMO_ACCOUNTS } from './db/demo-accounts'
import { seedDemoData } from './db/seed'
import { startServerErrorReporting } from './error-reporting'
import { startJobWorker, stopJobWorker } from './jobs/runtime'
import { log } from './log'

let booting: Promise<void> | undefined

/** Opens and migrates the database and seeds demo data (idempotent). Runs once per process. */
export function boot(): Promise<void> {
  booting ??= (async () => {
    await startServerErrorReporting()
    const db = await getDb()
    if (config().SEED_DEMO) {
      const { inserted } = await seedDemoData(db)
      if (inserted) log.info({}, 'demo data seeded')
    }
    // Every instance runs a worker: jobs are shared through the database (SKIP LOCKED claims).
    startJobWorker(db)
  })()
  booting.catch(() => {
    booting = undefined
  })
  return booting
}

export function demoAccountsBanner(): string {
  const lines = Object.entries(DEMO_ACCOUNTS).map(([role, a]) => `  ${role.padEnd(9)} ${a.email} / ${a.password}`)
  return ['Demo accounts:', ...lines].join('\n')
}

export async function shutdown(): Promise<void> {
  await stopJobWorker()
  await closeDb()
}

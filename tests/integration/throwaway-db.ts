/**
 * The one way tests get a database of their own: a PostgreSQL database with a random name
 * (dropped afterwards) or a PGlite directory in the temp folder (removed afterwards), both made by
 * scripts/throwaway-database.mjs, which the bench uses too. Also the
 * `describe` variants for suites that only prove something on PostgreSQL, so that a run without
 * TEST_DATABASE_URL says what it skipped, and a CI run without it fails instead of skipping.
 */
import { afterAll, beforeAll, describe, it } from 'vitest'
import {
  closeDb,
  getDb,
  migrate,
  openDatabase,
  type Db,
  type DbDriver,
  type DbHandle,
} from '../../src/server/db/client'
import { seedDemoData } from '../../src/app/seed/seed'
import { overrideConfig } from '../../app.config'
import { createPgliteDirectory, createPostgresDatabase } from '../../scripts/throwaway-database.mjs'

export const PG_URL = process.env.TEST_DATABASE_URL
const IN_CI = Boolean(process.env.CI) && process.env.CI !== 'false'

/** An empty database that exists only for one test file (or one server started by it). */
export interface ThrowawayDatabase {
  driver: DbDriver
  /** postgres:// URL (PostgreSQL), for child processes: DATABASE_URL. */
  url?: string
  /** PGlite data directory, for child processes: DATA_DIR. */
  dataDir?: string
  /** The environment that points a server process at this database. */
  env: Record<string, string>
  open(opts?: { poolSize?: number }): Promise<DbHandle>
  drop(): Promise<void>
}

/** Creates an empty database; `prefix` names it, to tell test files apart when debugging. */
export async function createThrowawayDatabase(driver: DbDriver, prefix: string): Promise<ThrowawayDatabase> {
  if (driver === 'postgres') {
    if (!PG_URL) throw new Error('TEST_DATABASE_URL is not set')
    const { url, drop } = await createPostgresDatabase(PG_URL, prefix)
    return {
      driver,
      url,
      env: { DATABASE_URL: url },
      open: (opts) => openDatabase({ url, poolSize: opts?.poolSize ?? 10 }),
      drop,
    }
  }
  const { dataDir, drop } = createPgliteDirectory(prefix)
  return { driver, dataDir, env: { DATA_DIR: dataDir }, open: () => openDatabase({ dataDir }), drop }
}

export interface TestDb {
  db: Db
  handle: DbHandle
  /** postgres:// URL of this database (PostgreSQL only), for child processes. */
  url?: string
  close(): Promise<void>
}

/** A migrated (and by default seeded) database, open, that exists only for one test file. */
export async function openThrowawayDb(opts: {
  driver: DbDriver
  prefix: string
  poolSize?: number
  seed?: boolean
}): Promise<TestDb> {
  const database = await createThrowawayDatabase(opts.driver, opts.prefix)
  const handle = await database.open({ poolSize: opts.poolSize })
  await migrate(handle)
  if (opts.seed !== false) await seedDemoData(handle.db)
  return {
    db: handle.db,
    handle,
    url: database.url,
    async close() {
      await handle.close()
      await database.drop()
    },
  }
}

/**
 * For files that call the app's doors in-process: points the app's own database (getDb(), opened
 * from DATA_DIR and migrated, not seeded) at a throwaway PGlite directory for this file, and puts
 * the configuration back afterwards. Returns the migrated database once `beforeAll` has run.
 */
export function throwawayAppDatabase(prefix: string): () => Promise<Db> {
  let data: ThrowawayDatabase | undefined
  let restore = () => {}
  beforeAll(async () => {
    data = await createThrowawayDatabase('pglite', prefix)
    restore = overrideConfig({ DATA_DIR: data.dataDir, DATABASE_URL: undefined })
    await getDb()
  })
  afterAll(async () => {
    await closeDb()
    restore()
    await data?.drop()
  })
  return getDb
}

/**
 * `describe` for suites that only prove something on PostgreSQL (races, several processes on one
 * database): PGlite serialises everything, so they cannot run there. Without TEST_DATABASE_URL
 * the suite is reported as skipped with the reason in its name; in CI it fails instead, because
 * a green CI run must not have silently left out the race tests.
 */
export function describeOnPostgres(name: string, body: () => void): void {
  if (PG_URL) {
    describe(name, body)
  } else if (IN_CI) {
    describe(name, () => {
      it('needs TEST_DATABASE_URL (required when CI is set)', () => {
        throw new Error(`"${name}" needs PostgreSQL: set TEST_DATABASE_URL (CI must not skip it)`)
      })
    })
  } else {
    describe.skip(`${name} [skipped: TEST_DATABASE_URL not set]`, body)
  }
}

/** The same suite on PGlite and, through `describeOnPostgres`, on PostgreSQL. */
export function describeOnEachDriver(name: string, body: (driver: DbDriver) => void): void {
  describe(`${name} on pglite`, () => body('pglite'))
  describeOnPostgres(`${name} on postgres`, () => body('postgres'))
}

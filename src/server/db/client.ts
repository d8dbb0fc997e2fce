/**
 * Opens the database: embedded PGlite (default, DATA_DIR) or PostgreSQL (DATABASE_URL), both typed
 * as one `Db`, and applies the ./drizzle migrations. Server-only.
 */
import { mkdirSync, openSync, readFileSync, unlinkSync, writeSync, closeSync } from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import type { SQL } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import { Pool } from 'pg'
import { config } from '../../../app.config'
import { StatementNamingClient } from './named-statements'
import { trackCommits } from './after-commit'
import { describeDbError, markUnavailable } from './availability'
import * as schema from './schema'
import { tracingEnabled } from '~/server/tracing'

export type Schema = typeof schema
export type Db = PgDatabase<PgQueryResultHKT, Schema>
export type DbDriver = 'pglite' | 'postgres'

/**
 * Rows of a raw SQL query on either driver. `db.execute()` is typed per driver (unknown through
 * `Db`), but both results carry `rows`. Cast counts in SQL (`count(*)::int`): bigint comes back as
 * a string on pg and a number on PGlite.
 */
export async function selectRows<T extends Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] }
  return result.rows
}

export interface DbHandle {
  db: Db
  driver: DbDriver
  close(): Promise<void>
}

export interface OpenOptions {
  /** postgres:// URL; when absent the embedded PGlite database in `dataDir` is used. */
  url?: string
  dataDir?: string
  poolSize?: number
}

/** Arbitrary constant shared by every instance of this app: "migrations running". */
const MIGRATION_LOCK_KEY = 7_305_118_201

/** What migrate() needs that the public handle does not expose. */
type Internals = { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; pool: Pool }
const internals = new WeakMap<DbHandle, Internals>()

export async function openDatabase(opts: OpenOptions): Promise<DbHandle> {
  return opts.url ? openPostgres(opts.url, opts.poolSize ?? 8) : openPglite(opts.dataDir ?? './data')
}

/**
 * With tracing on (ADR 127), `pool.query` checks a client out with `await` before querying, as
 * pg-pool does with a callback: the callback runs in whichever request released a client, so the
 * query's span would join that request's trace (or none); after `await` it is the caller's.
 */
function keepTraceContext(pool: Pool): void {
  const original = pool.query.bind(pool) as (...args: unknown[]) => unknown
  pool.query = ((statement: unknown, ...rest: unknown[]) => {
    if (!tracingEnabled() || typeof rest.at(-1) === 'function') return original(statement, ...rest)
    return (async () => {
      const client = await pool.connect()
      try {
        const result = await (client.query as (...args: unknown[]) => Promise<unknown>)(statement, ...rest)
        client.release()
        return result
      } catch (error) {
        client.release(error instanceof Error ? error : undefined)
        throw error
      }
    })()
  }) as typeof pool.query
}

async function openPostgres(url: string, poolSize: number): Promise<DbHandle> {
  // A connect timeout: an address that drops packets would otherwise hang every request.
  const pool = new Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: 5000,
    Client: StatementNamingClient,
  })
  // Without a listener, an idle client dropped by the server would crash the process; the pool
  // already discards that client and the next query gets a fresh one. The database going away
  // shows here first: record it (one log line per state change) and probe until it is back.
  pool.on('error', (err) => markUnavailable(describeDbError(err)))
  keepTraceContext(pool)
  // Fail at start-up rather than on the first request when the URL or credentials are wrong.
  const probe = await pool.connect().catch(async (err: unknown) => {
    await pool.end()
    throw err
  })
  probe.release()
  const db: Db = drizzlePg(pool, { schema })
  trackCommits(db)
  const handle: DbHandle = { db, driver: 'postgres', close: () => pool.end() }
  internals.set(handle, { kind: 'postgres', pool })
  return handle
}

/** Directories held open by this process; a second PGlite on the same files would corrupt them. */
const openDirs = new Set<string>()

async function openPglite(dataDir: string): Promise<DbHandle> {
  const dir = path.resolve(dataDir)
  mkdirSync(dir, { recursive: true }) // PGlite does not create parent directories
  const lockPath = path.join(dir, '.lock')
  acquireLock(dir, lockPath)
  let client: PGlite
  try {
    // The extensions the migrations create must be registered here: PGlite ships each as a bundle
    // loaded on open. Game search uses pg_trgm and unaccent (ADR 097).
    client = await PGlite.create(dir, { extensions: { pg_trgm, unaccent } })
  } catch (err) {
    releaseLock(dir, lockPath)
    throw err
  }
  const db: Db = drizzlePglite(client, { schema })
  trackCommits(db)
  let closed = false
  const handle: DbHandle = {
    db,
    driver: 'pglite',
    async close() {
      if (closed) return
      closed = true
      try {
        await client.close()
      } finally {
        releaseLock(dir, lockPath)
      }
    },
  }
  internals.set(handle, { kind: 'pglite', client })
  return handle
}

function acquireLock(dir: string, lockPath: string): void {
  if (openDirs.has(dir)) throw inUse(dir, process.pid)
  // Two attempts: the second follows removing a stale lock left by a process that died.
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx') // atomic: fails if the file exists
      writeSync(fd, String(process.pid))
      closeSync(fd)
      openDirs.add(dir)
      return
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
    }
    const owner = readLockPid(lockPath)
    if (owner !== undefined && owner !== process.pid && isAlive(owner)) throw inUse(dir, owner)
    // Stale (dead owner, unreadable, or a leftover of ours that openDirs does not know): replace.
    try {
      unlinkSync(lockPath)
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err
    }
  }
  throw new Error(`database directory ${dir} is locked (${lockPath}) and the lock could not be taken`)
}

function releaseLock(dir: string, lockPath: string): void {
  openDirs.delete(dir)
  // Only remove a lock that is still ours.
  if (readLockPid(lockPath) !== process.pid) return
  try {
    unlinkSync(lockPath)
  } catch {
    // Already gone: nothing to release.
  }
}

function readLockPid(lockPath: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(lockPath, 'utf8').trim(), 10)
    return Number.isInteger(pid) && pid > 0 ? pid : undefined
  } catch {
    return undefined
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0) // signal 0 only checks existence and permission
    return true
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM' // exists, owned by another user
  }
}

function inUse(dir: string, pid: number): Error {
  return new Error(`database directory ${dir} is in use by process ${pid}`)
}

/** ./drizzle relative to the working directory, or MIGRATIONS_DIR (e.g. in a deployed bundle). */
export function resolveMigrationsFolder(): string {
  return path.resolve(process.cwd(), config().MIGRATIONS_DIR)
}

/** Applies pending migrations. Safe to call from several instances at once on PostgreSQL. */
export async function migrate(handle: DbHandle): Promise<void> {
  const inner = internals.get(handle)
  if (!inner) throw new Error('migrate() needs a handle returned by openDatabase()')
  const migrationsFolder = resolveMigrationsFolder()
  if (inner.kind === 'pglite') {
    // Single connection in one process (the lock file guarantees it): nothing can race.
    await migratePglite(drizzlePglite(inner.client), { migrationsFolder })
    return
  }
  // drizzle's migrator takes no lock; instances starting together would both apply the same
  // migration. A session-level advisory lock on one dedicated connection serialises them, and
  // the later ones then find nothing left to apply.
  const client = await inner.pool.connect()
  let broken: Error | undefined
  try {
    await client.query('select pg_advisory_lock($1::bigint)', [MIGRATION_LOCK_KEY])
    try {
      await migratePg(drizzlePg(client), { migrationsFolder })
    } finally {
      await client.query('select pg_advisory_unlock($1::bigint)', [MIGRATION_LOCK_KEY]).catch((err: Error) => {
        broken = err // destroy the connection below: closing it frees the lock
      })
    }
  } catch (err) {
    broken ??= err as Error // a failed migration leaves the session in doubt: do not reuse it
    throw err
  } finally {
    client.release(broken)
  }
}

// ---- process singleton -------------------------------------------------------------------

let opening: Promise<DbHandle> | undefined

/** The app's database, opened from config() and migrated on first use; concurrent callers share it. */
export async function getDb(): Promise<Db> {
  if (!opening) {
    const attempt: Promise<DbHandle> = openFromConfig().catch((err: unknown) => {
      if (opening === attempt) opening = undefined // let a later call retry instead of caching the failure
      throw err
    })
    opening = attempt
  }
  return (await opening).db
}

/** The singleton's PostgreSQL pool, for its gauges (metrics). */
let singletonPool: Pool | undefined

/** Connections of the app's PostgreSQL pool (undefined on the embedded database or before it opens). */
export function poolCounts(): { total: number; idle: number; waiting: number } | undefined {
  const pool = singletonPool
  return pool && { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }
}

async function openFromConfig(): Promise<DbHandle> {
  const c = config()
  const handle = await openDatabase({ url: c.DATABASE_URL, dataDir: c.DATA_DIR, poolSize: c.DATABASE_POOL_SIZE })
  const inner = internals.get(handle)
  singletonPool = inner?.kind === 'postgres' ? inner.pool : undefined
  try {
    await migrate(handle)
  } catch (err) {
    await handle.close()
    throw err
  }
  return handle
}

/** Closes the singleton (call on SIGTERM: an open PGlite can keep the process alive). */
export async function closeDb(): Promise<void> {
  const pending = opening
  opening = undefined
  const handle = await pending?.catch(() => undefined)
  await handle?.close()
}

/** Which driver the singleton uses (decided by config, so it is known before the first open). */
export function dbDriver(): DbDriver {
  return config().DATABASE_URL ? 'postgres' : 'pglite'
}

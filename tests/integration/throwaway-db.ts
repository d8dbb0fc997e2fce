/**
 * A migrated, seeded database that exists only for one test file: a fresh PostgreSQL database
 * (dropped on close) or a PGlite directory in the temp folder.
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Client } from 'pg'
import { migrate, openDatabase, type Db, type DbHandle } from '../../src/server/db/client'
import { seedDemoData } from '../../src/server/db/seed'

export const PG_URL = process.env.TEST_DATABASE_URL

export interface TestDb {
  db: Db
  handle: DbHandle
  /** postgres:// URL of this database (PostgreSQL only), for child processes. */
  url?: string
  close(): Promise<void>
}

async function admin(baseUrl: string, statement: string): Promise<void> {
  const client = new Client({ connectionString: baseUrl })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}

export async function openThrowawayDb(opts: {
  driver: 'pglite' | 'postgres'
  /** Names the PostgreSQL database / temp folder, to tell test files apart when debugging. */
  prefix: string
  poolSize?: number
}): Promise<TestDb> {
  let handle: DbHandle
  let cleanup: () => Promise<void>
  let url: string | undefined
  if (opts.driver === 'postgres') {
    if (!PG_URL) throw new Error('TEST_DATABASE_URL is not set')
    const name = `${opts.prefix}_${randomBytes(6).toString('hex')}`
    await admin(PG_URL, `create database ${name}`)
    const u = new URL(PG_URL)
    u.pathname = `/${name}`
    url = u.toString()
    handle = await openDatabase({ url, poolSize: opts.poolSize ?? 10 })
    cleanup = () => admin(PG_URL, `drop database if exists ${name} with (force)`)
  } else {
    const dir = mkdtempSync(path.join(tmpdir(), `${opts.prefix}-test-`))
    handle = await openDatabase({ dataDir: path.join(dir, 'data') })
    cleanup = async () => rmSync(dir, { recursive: true, force: true })
  }
  await migrate(handle)
  await seedDemoData(handle.db)
  return {
    db: handle.db,
    handle,
    url,
    async close() {
      await handle.close()
      await cleanup()
    },
  }
}

// The one way a test file or a bench run gets a database of its own: a PostgreSQL database with
// a random name on the server at `adminUrl` (dropped afterwards) or a PGlite directory in the
// temp folder (removed afterwards). Plain JavaScript, so the bench (node) and the tests (vitest,
// tests/integration/throwaway-db.ts) share it.
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Client } from 'pg'

async function run(url, statement) {
  const client = new Client({ connectionString: url })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}

/**
 * An empty PostgreSQL database named `<prefix>_<random>`; `url` points at it, `run` sends one
 * statement to it on a connection of its own.
 */
export async function createPostgresDatabase(adminUrl, prefix) {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`
  await run(adminUrl, `create database ${name}`)
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return {
    name,
    url: url.toString(),
    run: (statement) => run(url.toString(), statement),
    drop: () => run(adminUrl, `drop database if exists ${name} with (force)`),
  }
}

/** An empty PGlite data directory under a fresh temp folder (the folder goes with drop). */
export function createPgliteDirectory(prefix) {
  const root = mkdtempSync(path.join(tmpdir(), `${prefix}-test-`))
  return {
    dataDir: path.join(root, 'data'),
    drop: async () => rmSync(root, { recursive: true, force: true }),
  }
}

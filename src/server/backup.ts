/**
 * `npm run ops -- backup FILE` / `restore FILE [--clean]` (ADR 095): PostgreSQL's own pg_dump and
 * pg_restore in their custom format (compressed, restorable table by table), on DATABASE_URL.
 * A restore goes into an empty database unless `--clean` says to replace what is there, and runs
 * as one transaction: it either all lands or nothing does. The server migrates a restored
 * database forward at its next start, as any other.
 */
import { execFile } from 'node:child_process'
import { existsSync, statSync } from 'node:fs'
import { promisify } from 'node:util'
import { Client } from 'pg'
import { config } from '../../app.config'

const run = promisify(execFile)

export interface BackupResult {
  code: number
  lines: string[]
}

function databaseUrl(): string | undefined {
  return config().DATABASE_URL
}

const EMBEDDED =
  'backup and restore work on PostgreSQL (DATABASE_URL); for the embedded database stop the server and copy DATA_DIR'

/** pg_dump's or pg_restore's own complaint, without the noise: its first lines. */
function failure(tool: string, error: unknown): BackupResult {
  const stderr = String((error as { stderr?: unknown }).stderr ?? (error as Error).message ?? error)
  const lines = stderr.trim().split('\n').slice(0, 5)
  return { code: 1, lines: [`${tool} failed:`, ...lines] }
}

export async function backupDatabase(file: string): Promise<BackupResult> {
  const url = databaseUrl()
  if (!url) return { code: 1, lines: [EMBEDDED] }
  const started = Date.now()
  try {
    await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, `--dbname=${url}`], {
      maxBuffer: 16 * 1024 * 1024,
    })
  } catch (error) {
    return failure('pg_dump', error)
  }
  const kb = Math.round(statSync(file).size / 1024)
  return { code: 0, lines: [`backup written to ${file} (${kb} KB in ${Date.now() - started} ms)`] }
}

/** Tables in the database's public and drizzle schemas: a restore target must have none. */
async function tableCount(url: string): Promise<number> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 5000 })
  await client.connect()
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_tables where schemaname in ('public', 'drizzle')`,
    )
    return rows[0]?.n ?? 0
  } finally {
    await client.end()
  }
}

export async function restoreDatabase(file: string, clean: boolean): Promise<BackupResult> {
  const url = databaseUrl()
  if (!url) return { code: 1, lines: [EMBEDDED] }
  if (!existsSync(file)) return { code: 1, lines: [`no such file: ${file}`] }
  const tables = await tableCount(url)
  if (tables > 0 && !clean) {
    return {
      code: 1,
      lines: [
        `the database has ${tables} tables: restore into an empty database, or add --clean to replace them (stop every instance first)`,
      ],
    }
  }
  const started = Date.now()
  const args = ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${url}`]
  if (clean) args.push('--clean', '--if-exists')
  try {
    await run('pg_restore', [...args, file], { maxBuffer: 16 * 1024 * 1024 })
  } catch (error) {
    return failure('pg_restore', error)
  }
  return { code: 0, lines: [`restored ${file} in ${Date.now() - started} ms`] }
}

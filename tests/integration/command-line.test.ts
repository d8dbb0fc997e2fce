/**
 * `npm run ops -- …` on the configured database. A command prints no URL, so on PostgreSQL it
 * needs DATABASE_URL only (PUBLIC_ORIGIN is the server's requirement); any setting it does need
 * that is wrong or a database it cannot reach is one line and exit code 1, never a stack trace.
 */
import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { runOpsCommand } from '../../src/app/ops-command'
import { closeDb, type DbHandle } from '../../src/server/db/client'
import { auditLog, users } from '../../src/server/db/schema'
import { configForFile, withConfig } from './test-config'
import { createThrowawayDatabase, describeOnEachDriver, type ThrowawayDatabase } from './throwaway-db'

configForFile({ LOG_LEVEL: 'silent', PUBLIC_ORIGIN: undefined })

describeOnEachDriver('the ops command', (driver) => {
  let data: ThrowawayDatabase
  // Only the database's own setting: DATABASE_URL, or DATA_DIR for the embedded one.
  const run = (args: string[]) =>
    withConfig({ DATABASE_URL: data.url, DATA_DIR: data.dataDir ?? '/nonexistent' }, async () => {
      try {
        return await runOpsCommand(args)
      } finally {
        await closeDb()
      }
    })

  beforeAll(async () => {
    data = await createThrowawayDatabase(driver, 'opscmd')
  })
  afterAll(async () => data?.drop())

  /** A short while on the database itself (the embedded one takes one process at a time, so not during a command). */
  async function onDatabase<T>(fn: (db: DbHandle['db']) => Promise<T>): Promise<T> {
    const handle = await data.open({ poolSize: 1 })
    try {
      return await fn(handle.db)
    } finally {
      await handle.close()
    }
  }

  // Six opens of the database, the first making it (the embedded one's initdb is slow on a busy machine).
  it(
    'grants, lists and revokes a role with only the database configured, audited as the command line',
    { timeout: 240_000 },
    async () => {
      const email = `ops-${randomBytes(4).toString('hex')}@example.com`
      // The first run migrates the empty database; the account must exist before it is granted a role.
      expect(await run(['list'])).toEqual({ code: 0, lines: ['no staff yet'] })
      await onDatabase((db) => db.insert(users).values({ email }))
      expect(await run(['grant', 'admin', email])).toEqual({ code: 0, lines: [`${email} is now admin`] })
      expect(await run(['list'])).toEqual({ code: 0, lines: [`admin    ${email}`] })
      expect(await run(['revoke', email])).toEqual({ code: 1, lines: ['The last admin cannot lose the role'] })
      const audit = await onDatabase(async (db) => {
        const [user] = await db.select().from(users).where(eq(users.email, email))
        return db.select().from(auditLog).where(eq(auditLog.targetId, user!.id))
      })
      expect(audit.map((a) => [a.actor, a.action])).toEqual([['command line', 'role.grant']])
    },
  )
})

it('a setting the command needs that is wrong: one line naming it, exit code 1', async () => {
  const result = await withConfig({ DATABASE_URL: 'mysql://db/shop' }, () => runOpsCommand(['list']))
  expect(result).toEqual({ code: 1, lines: ['Invalid configuration: DATABASE_URL: must be a postgres:// URL'] })
})

it('a database it cannot reach: one line naming it, exit code 1', async () => {
  const result = await withConfig({ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none' }, async () => {
    try {
      return await runOpsCommand(['list'])
    } finally {
      await closeDb()
    }
  })
  expect(result.code).toBe(1)
  expect(result.lines).toEqual([expect.stringMatching(/^database unreachable: ECONNREFUSED 127\.0\.0\.1:1$/)])
})

/**
 * Issue 12 §10: the scheduled purge of the authorization server's expired rows, and a password
 * reset that ends every sign-in of the account — storefront sessions and the authorization
 * server's sessions, grants and tokens — while other accounts keep theirs. Through the same
 * adapter oidc-provider uses, on PGlite.
 */
import { randomBytes } from 'node:crypto'
import { and, eq, isNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { issueEmailCode } from '../../src/modules/accounts/email-codes.server'
import { resetPasswordWithCode } from '../../src/modules/accounts/reset-password.server'
import { verifyPassword } from '../../src/modules/accounts/password.server'
import * as t from '../../src/server/db/schema'
import { wireApp } from '../../src/app/wiring'
import { schedulePeriodicJobs } from '../../src/server/jobs/periodic'
import { drainJobs } from '../../src/server/jobs/worker'
import { DbAdapter } from '../../src/server/oidc/adapter'
import { PURGE_QUEUE } from '../../src/server/oidc/purge'
import { openThrowawayDb, type TestDb } from './throwaway-db'

let tdb: TestDb

beforeAll(async () => {
  tdb = await openThrowawayDb({ driver: 'pglite', prefix: 'hk' })
  wireApp()
})
afterAll(() => tdb?.close())

const adapter = (model: string) => new DbAdapter(model, async () => tdb.db)
const id = () => randomBytes(8).toString('hex')

async function makeUser(label: string) {
  const email = `${label}-${id()}@example.com`
  const [u] = await tdb.db.insert(t.users).values({ email, username: label }).returning({ id: t.users.id })
  return { id: u!.id, email }
}

/** What a signed-in account leaves at the authorization server (payload shapes of oidc-provider 9). */
async function signInAtProvider(accountId: string) {
  const rows = { session: id(), grant: id(), access: id(), refresh: id(), code: id() }
  await adapter('Session').upsert(rows.session, { accountId, uid: id(), authorizations: {} }, 3600)
  await adapter('Grant').upsert(rows.grant, { accountId, clientId: 'storefront' }, 3600)
  await adapter('AccessToken').upsert(rows.access, { accountId, grantId: rows.grant, clientId: 'storefront' }, 900)
  await adapter('RefreshToken').upsert(rows.refresh, { accountId, grantId: rows.grant, clientId: 'storefront' }, 3600)
  // A code issued under the grant whose payload does not name the account: found by its grant.
  await adapter('AuthorizationCode').upsert(rows.code, { grantId: rows.grant, clientId: 'storefront' }, 60)
  return rows
}

async function storefrontSession(userId: string) {
  const idHash = id()
  await tdb.db.insert(t.sessions).values({
    idHash,
    userId,
    authority: 'http://localhost',
    clientId: 'storefront',
    sub: userId,
    idToken: 'x',
    accessToken: 'x',
    expiresAt: new Date(Date.now() + 60_000),
  })
  return idHash
}

describe('authorization-server housekeeping', () => {
  it('purges expired rows on a schedule: one queued run per slot, the next one queued by each run', async () => {
    const { db } = tdb
    const fresh = id()
    const expired = id()
    await adapter('AccessToken').upsert(fresh, { accountId: 'a', grantId: 'g' }, 600)
    await adapter('AccessToken').upsert(expired, { accountId: 'a', grantId: 'g' }, 600)
    await db
      .update(t.oidcPayloads)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(t.oidcPayloads.id, expired))

    // Every instance schedules at boot; the deployment still gets one run per slot.
    await schedulePeriodicJobs(db)
    await schedulePeriodicJobs(db)
    const pending = () =>
      db
        .select()
        .from(t.jobs)
        .where(and(eq(t.jobs.queue, PURGE_QUEUE), isNull(t.jobs.completedAt)))
    const [run] = await pending()
    expect(await pending()).toHaveLength(1)
    expect(run!.runAt.getTime()).toBeGreaterThan(Date.now())
    expect(run!.runAt.getTime() - Date.now()).toBeLessThanOrEqual(60 * 60 * 1000)

    // Its time comes.
    await db.update(t.jobs).set({ runAt: new Date() }).where(eq(t.jobs.id, run!.id))
    await drainJobs(db)

    const left = await db.select({ id: t.oidcPayloads.id }).from(t.oidcPayloads)
    expect(left.map((r) => r.id)).toContain(fresh)
    expect(left.map((r) => r.id)).not.toContain(expired)
    const [done] = await db.select().from(t.jobs).where(eq(t.jobs.id, run!.id))
    expect(done!.completedAt).not.toBeNull()
    const [next] = await pending()
    expect(next!.runAt.getTime()).toBeGreaterThan(run!.runAt.getTime())
  })

  it('a password reset ends every session and grant of the account, and only of that account', async () => {
    const { db } = tdb
    const victim = await makeUser('victim')
    const other = await makeUser('other')
    const victimRows = await signInAtProvider(victim.id)
    const otherRows = await signInAtProvider(other.id)
    const victimSessions = [await storefrontSession(victim.id), await storefrontSession(victim.id)]
    const otherSession = await storefrontSession(other.id)

    const code = await issueEmailCode(db, victim.email, 'reset')
    await resetPasswordWithCode(db, { email: victim.email, code, password: 'N3w-Password!', ip: '10.0.0.1' })

    const [user] = await db.select().from(t.users).where(eq(t.users.id, victim.id))
    expect(await verifyPassword('N3w-Password!', user!.passwordHash!)).toBe(true)
    // Storefront: every browser of the account is signed out.
    for (const idHash of victimSessions) {
      expect(await db.select().from(t.sessions).where(eq(t.sessions.idHash, idHash))).toEqual([])
    }
    // Authorization server: session, grant, tokens and codes are gone (the provider finds nothing).
    expect(await adapter('Session').find(victimRows.session)).toBeUndefined()
    expect(await adapter('Grant').find(victimRows.grant)).toBeUndefined()
    expect(await adapter('AccessToken').find(victimRows.access)).toBeUndefined()
    expect(await adapter('RefreshToken').find(victimRows.refresh)).toBeUndefined()
    expect(await adapter('AuthorizationCode').find(victimRows.code)).toBeUndefined()
    // Someone else's sign-ins are untouched.
    expect(await db.select().from(t.sessions).where(eq(t.sessions.idHash, otherSession))).toHaveLength(1)
    expect(await adapter('Session').find(otherRows.session)).toMatchObject({ accountId: other.id })
    expect(await adapter('Grant').find(otherRows.grant)).toBeDefined()
    expect(await adapter('RefreshToken').find(otherRows.refresh)).toBeDefined()
  })
})

/**
 * Admins revoking each other at the same moment: every role change locks the admin rows in one
 * order (by id) before anything else, so two such changes wait for each other instead of
 * deadlocking, and the last-admin rule still holds — one of the pair keeps the role.
 */
import { randomBytes } from 'node:crypto'
import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { revokeRole } from '../../src/modules/accounts/staff-roles.server'
import { users } from '../../src/server/db/schema'
import { configForFile } from './test-config'
import { describeOnEachDriver, openThrowawayDb, type TestDb } from './throwaway-db'

configForFile({ LOG_LEVEL: 'silent' })

const ROUNDS = 40

async function makeAdmins(t: TestDb, n: number) {
  const rows = await t.db
    .insert(users)
    .values(Array.from({ length: n }, (_, i) => ({ email: `admin${i}-${randomBytes(4).toString('hex')}@example.com` })))
    .returning({ id: users.id, email: users.email })
  return rows
}

/** Makes exactly `members` the shop's admins. */
async function onlyAdmins(t: TestDb, members: { id: string }[]) {
  await t.db.update(users).set({ role: 'customer' }).where(eq(users.role, 'admin'))
  await t.db
    .update(users)
    .set({ role: 'admin' })
    .where(
      inArray(
        users.id,
        members.map((m) => m.id),
      ),
    )
}

const adminCount = async (t: TestDb) => (await t.db.select().from(users).where(eq(users.role, 'admin'))).length

/** Each admin revokes the next one (in a circle), all at once; the outcomes' codes. */
async function revokeInACircle(t: TestDb, admins: { id: string; email: string }[]) {
  const results = await Promise.allSettled(
    admins.map((actor, i) => revokeRole(t.db, admins[(i + 1) % admins.length]!.email, actor)),
  )
  return results.map((r) => (r.status === 'fulfilled' ? 'revoked' : codeOf(r.reason)))
}

function codeOf(error: unknown): string {
  const e = error as { code?: string; issues?: { message: string }[]; cause?: { code?: string }; message?: string }
  if (e.code === 'CONFLICT' && e.issues?.[0]?.message === 'last_admin') return 'last_admin'
  // A deadlock (40P01) or anything else unexpected, named so the failure says what it was.
  return `error ${e.cause?.code ?? e.code ?? ''}: ${e.message}`
}

describeOnEachDriver('admins revoking each other at once', (driver) => {
  let t: TestDb
  beforeAll(async () => {
    // No demo admin: the admins of each round are the only ones.
    t = await openThrowawayDb({ driver, prefix: 'staffrace', poolSize: 6, seed: false })
  })
  afterAll(async () => t?.close())

  it(`two admins, ${ROUNDS} rounds: never a deadlock, one revocation wins and the other is the last admin`, async () => {
    const pair = await makeAdmins(t, 2)
    for (let round = 0; round < ROUNDS; round++) {
      await onlyAdmins(t, pair)
      const outcomes = await revokeInACircle(t, pair)
      expect(outcomes.toSorted(), `round ${round}`).toEqual(['last_admin', 'revoked'])
      expect(await adminCount(t)).toBe(1)
    }
  })

  it(`three admins in a circle, ${ROUNDS} rounds: two revocations win, one admin is left`, async () => {
    const trio = await makeAdmins(t, 3)
    for (let round = 0; round < ROUNDS; round++) {
      await onlyAdmins(t, trio)
      const outcomes = await revokeInACircle(t, trio)
      expect(outcomes.toSorted(), `round ${round}`).toEqual(['last_admin', 'revoked', 'revoked'])
      expect(await adminCount(t)).toBe(1)
    }
  })
})

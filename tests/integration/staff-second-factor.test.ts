/**
 * The staff second factor and staff sessions (ADR 111, 112), on PGlite and, with
 * TEST_DATABASE_URL, on PostgreSQL, through the door with real session cookies: a staff role
 * counts only once the session proved a TOTP code (enrolment first for an account without one);
 * wrong codes are refused and rate-limited; a code is taken once, even by two requests at the same
 * time (ADR 118); recovery codes work once; the step-up gates ask again
 * after STAFF_STEP_UP_MINUTES on the one clock; staff sessions end after STAFF_SESSION_HOURS and
 * can be listed and revoked.
 */
import { eq } from 'drizzle-orm'
import { generate } from 'otplib'
import { freshTotpCode } from '../fixtures/totp-codes'
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import { overrideConfig } from '../../app.config'
import { listAudit } from '../../src/modules/admin/audit.server'
import { confirmEnrolment, startEnrolment, verifyStaffCode } from '../../src/modules/auth/staff-factor.server'
import { listStaffSessions, revokeStaffSession } from '../../src/modules/auth/staff-sessions.server'
import { SESSION_COOKIE, hashSessionId } from '../../src/modules/auth/session-cookie.server'
import { openDoor } from '../../src/modules/door/door.server'
import type { Caller } from '../../src/modules/door/caller.server'
import { setClockOffset } from '../../src/modules/time/clock'
import type { Db } from '../../src/server/db/client'
import * as t from '../../src/server/db/schema'
import { sessionCookie } from './doors'
import { makeUser, openTestDb, type TestDb } from './orders-fixtures'
import { refusal } from './refusal'
import { ordersConfigForFile } from './test-config'
import { describeOnEachDriver } from './throwaway-db'

ordersConfigForFile()

describeOnEachDriver('staff second factor', (driver) => {
  let tdb: TestDb
  let db: Db
  beforeAll(async () => {
    tdb = await openTestDb(driver)
    db = tdb.db
  }, 120_000)
  afterEach(() => setClockOffset(0))
  afterAll(async () => {
    await tdb?.close()
  })

  const requestWith = (cookie: string) => new Request('http://shop.test/api/x', { headers: { cookie } })
  const door = (cookie: string) => openDoor(requestWith(cookie), { db })

  async function staffMember(role: 'support' | 'admin') {
    const id = await makeUser(db, role)
    await db.update(t.users).set({ role }).where(eq(t.users.id, id))
    const cookie = await sessionCookie(db, id, { staffVerifiedAt: null })
    const caller = (await (await door(cookie)).user()) as Caller
    return { id, cookie, caller }
  }

  it('lets a new staff member in only after enrolment; the secret is never shown again', async () => {
    const { cookie, caller } = await staffMember('admin')
    expect(await refusal((await door(cookie)).staff())).toEqual({
      code: 'FORBIDDEN',
      issues: ['staff_factor_enrolment_required'],
    })
    expect(await refusal((await door(cookie)).admin())).toMatchObject({ issues: ['staff_factor_enrolment_required'] })
    // The enrolment door is open by role alone.
    await (await door(cookie)).staffEnrolling()

    const first = await startEnrolment(db, caller)
    const enrolment = await startEnrolment(db, caller) // starting again replaces the unconfirmed secret
    expect(enrolment.secret).not.toBe(first.secret)
    expect(enrolment.uri).toMatch(/^otpauth:\/\/totp\//)
    expect(enrolment.qrCode).toMatch(/^data:image\/svg\+xml;base64,/)
    expect(await refusal(confirmEnrolment(db, caller, requestWith(cookie), '000000'))).toEqual({
      code: 'INVALID_INPUT',
      issues: ['wrong_code'],
    })
    const { recoveryCodes } = await confirmEnrolment(
      db,
      caller,
      requestWith(cookie),
      await freshTotpCode(enrolment.secret),
    )
    expect(new Set(recoveryCodes).size).toBe(10)
    const stored = await db.select().from(t.staffRecoveryCodes).where(eq(t.staffRecoveryCodes.userId, caller.id))
    expect(stored.map((r) => r.codeHash)).not.toContain(recoveryCodes[0])
    // This session is verified now; the set-up cannot be started again (no way to read the secret).
    expect((await (await door(cookie)).admin()).id).toBe(caller.id)
    expect(await refusal(startEnrolment(db, caller))).toEqual({ code: 'CONFLICT', issues: ['already_enrolled'] })
    expect(await listAudit(db, { targetId: caller.id, action: 'staff.factor_enrol' })).toHaveLength(1)

    // A new sign-in (a new session) asks for the code; a recovery code works once.
    const next = await sessionCookie(db, caller.id, { staffVerifiedAt: null })
    expect(await refusal((await door(next)).staff())).toEqual({ code: 'FORBIDDEN', issues: ['staff_factor_required'] })
    await verifyStaffCode(db, caller, requestWith(next), recoveryCodes[0]!)
    await (await door(next)).staff()
    const third = await sessionCookie(db, caller.id, { staffVerifiedAt: null })
    expect(await refusal(verifyStaffCode(db, caller, requestWith(third), recoveryCodes[0]!))).toMatchObject({
      issues: ['wrong_code'],
    })
    await verifyStaffCode(db, caller, requestWith(third), await freshTotpCode(enrolment.secret))
    await (await door(third)).staff()
  })

  it('refuses wrong codes with wrong_code, then rate-limits even a right one', async () => {
    const { cookie, caller } = await staffMember('support')
    const { secret } = await startEnrolment(db, caller)
    await confirmEnrolment(db, caller, requestWith(cookie), await freshTotpCode(secret))
    const fresh = await sessionCookie(db, caller.id, { staffVerifiedAt: null })
    for (let i = 0; i < 5; i++) {
      expect(await refusal(verifyStaffCode(db, caller, requestWith(fresh), '123456'))).toMatchObject({
        code: 'INVALID_INPUT',
      })
    }
    expect(await refusal(verifyStaffCode(db, caller, requestWith(fresh), await freshTotpCode(secret)))).toMatchObject({
      code: 'RATE_LIMITED',
    })
    expect(await refusal((await door(fresh)).staff())).toMatchObject({ issues: ['staff_factor_required'] })
  })

  /** The code of one 30-second step (the current one unless `ahead`), as the authenticator shows it. */
  const codeOfStep = (secret: string, ahead = 0) =>
    generate({ secret, epoch: (Math.floor(Date.now() / 30_000) + ahead) * 30 })

  async function enrolled(role: 'support' | 'admin') {
    const member = await staffMember(role)
    const { secret } = await startEnrolment(db, member.caller)
    // Enrolled with the previous step's code: this step's and the next one's are still unused.
    await confirmEnrolment(db, member.caller, requestWith(member.cookie), await codeOfStep(secret, -1))
    const signIn = () => sessionCookie(db, member.id, { staffVerifiedAt: null })
    return { ...member, secret, signIn }
  }

  it('takes a code once: the same code again is refused as used, the next step’s code passes', async () => {
    const { caller, secret, signIn } = await enrolled('admin')
    const code = await codeOfStep(secret)
    const first = await signIn()
    await verifyStaffCode(db, caller, requestWith(first), code)
    await (await door(first)).admin()

    // Replayed in another session (a code seen over a shoulder or phished) within its window.
    const second = await signIn()
    expect(await refusal(verifyStaffCode(db, caller, requestWith(second), code))).toEqual({
      code: 'INVALID_INPUT',
      issues: ['totp_code_used'],
    })
    expect(await refusal((await door(second)).staff())).toMatchObject({ issues: ['staff_factor_required'] })
    await verifyStaffCode(db, caller, requestWith(second), await codeOfStep(secret, 1))
    await (await door(second)).admin()
  })

  it('lets exactly one of two simultaneous checks with one code through', async () => {
    const { caller, secret, signIn } = await enrolled('support')
    const code = await codeOfStep(secret)
    const sessions = [await signIn(), await signIn()]
    const results = await Promise.allSettled(sessions.map((c) => verifyStaffCode(db, caller, requestWith(c), code)))
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    const refused = results.find((r) => r.status === 'rejected')
    expect(await refusal(Promise.reject(refused!.reason))).toEqual({
      code: 'INVALID_INPUT',
      issues: ['totp_code_used'],
    })
    const open = await Promise.allSettled(sessions.map(async (c) => (await door(c)).staff()))
    expect(open.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected'])
  })

  it('counts used codes against the limit like wrong ones', async () => {
    const { caller, secret, signIn } = await enrolled('support')
    const code = await codeOfStep(secret)
    await verifyStaffCode(db, caller, requestWith(await signIn()), code)
    const next = await signIn()
    for (let i = 0; i < 5; i++) {
      expect(await refusal(verifyStaffCode(db, caller, requestWith(next), code))).toMatchObject({
        issues: ['totp_code_used'],
      })
    }
    expect(await refusal(verifyStaffCode(db, caller, requestWith(next), await codeOfStep(secret, 1)))).toMatchObject({
      code: 'RATE_LIMITED',
    })
  })

  it('asks for the code again for step-up actions after STAFF_STEP_UP_MINUTES on the one clock', async () => {
    const { cookie, caller } = await staffMember('admin')
    const { secret } = await startEnrolment(db, caller)
    await confirmEnrolment(db, caller, requestWith(cookie), await freshTotpCode(secret))
    await (await door(cookie)).adminStepUp()
    setClockOffset(16 * 60_000)
    expect(await refusal((await door(cookie)).staffStepUp())).toEqual({
      code: 'FORBIDDEN',
      issues: ['staff_step_up_required'],
    })
    expect(await refusal((await door(cookie)).adminStepUp())).toMatchObject({ issues: ['staff_step_up_required'] })
    await (await door(cookie)).admin() // the rest of the back office stays open
    await verifyStaffCode(db, caller, requestWith(cookie), await freshTotpCode(secret))
    await (await door(cookie)).adminStepUp()
  })

  it('ends staff sessions after STAFF_SESSION_HOURS; lists and revokes them', async () => {
    const { id, caller } = await staffMember('support')
    const cookie = await sessionCookie(db, id)
    const idHash = hashSessionId(cookie.slice(SESSION_COOKIE.length + 1))
    await (await door(cookie)).staff()
    const admin = await staffMember('admin')
    const listed = await listStaffSessions(db, undefined)
    const mine = listed.find((s) => s.email === caller.email && s.lastSeenAt !== null)
    expect(mine).toBeDefined()

    const restore = overrideConfig({ STAFF_SESSION_HOURS: '1' })
    try {
      await db
        .update(t.sessions)
        .set({ createdAt: new Date(Date.now() - 2 * 3_600_000) })
        .where(eq(t.sessions.idHash, idHash))
      expect(await refusal((await door(cookie)).staff())).toMatchObject({ code: 'UNAUTHENTICATED' })
      expect(await db.select().from(t.sessions).where(eq(t.sessions.idHash, idHash))).toEqual([])
    } finally {
      restore()
    }

    const other = await sessionCookie(db, id)
    const handle = (await listStaffSessions(db, undefined)).find((s) => s.email === caller.email)!.id
    await revokeStaffSession(db, admin.caller, handle)
    expect(await refusal((await door(other)).staff())).toMatchObject({ code: 'UNAUTHENTICATED' })
    expect(await refusal(revokeStaffSession(db, admin.caller, handle))).toMatchObject({ code: 'NOT_FOUND' })
    expect(await listAudit(db, { targetId: id, action: 'staff.session_revoke' })).toHaveLength(1)
  })
})

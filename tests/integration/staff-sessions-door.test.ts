/**
 * Issue 34, ADR 112: /admin/staff's list of staff sessions through its server functions, on
 * PGlite and on PostgreSQL (the app's own database pointed at a throwaway one per driver). An
 * admin sees every live staff session (browser, address, the own one marked) and signs one out,
 * after which that browser's next request is a visitor's; support can do neither; signing out
 * needs a fresh code (step-up) and is in the audit log.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { overrideConfig } from '../../app.config'
import { listAudit } from '../../src/modules/admin/audit.server'
import * as adminFns from '../../src/modules/admin/admin.functions'
import { SESSION_COOKIE, hashSessionId } from '../../src/modules/auth/session-cookie.server'
import * as sessionFns from '../../src/modules/auth/staff-sessions.functions'
import type { StaffSessionView } from '../../src/modules/auth/staff-sessions.schemas'
import { setClockOffset } from '../../src/modules/time/clock'
import { closeDb, getDb, type Db } from '../../src/server/db/client'
import * as t from '../../src/server/db/schema'
import { sessionCookie } from './doors'
import { makeUser } from './orders-fixtures'
import { callServerFn, expectRefused, okData, refusalOf, resultOf } from './server-fns'
import { ordersConfigForFile } from './test-config'
import { createThrowawayDatabase, describeOnEachDriver, type ThrowawayDatabase } from './throwaway-db'

ordersConfigForFile()

vi.mock('@tanstack/react-start', async (original) => (await import('./server-fns')).providerStart(await original()))

const handleOf = (cookie: string) => hashSessionId(cookie.slice(SESSION_COOKIE.length + 1)).slice(0, 16)

describeOnEachDriver('staff sessions on /admin/staff', (driver) => {
  let data: ThrowawayDatabase | undefined
  let restore = () => {}
  let db: Db
  beforeAll(async () => {
    data = await createThrowawayDatabase(driver, 'staff_sessions')
    restore = overrideConfig(
      driver === 'postgres'
        ? { DATABASE_URL: data.url, PUBLIC_ORIGIN: 'http://shop.test' }
        : { DATA_DIR: data.dataDir, DATABASE_URL: undefined },
    )
    await closeDb()
    db = await getDb()
  }, 120_000)
  afterAll(async () => {
    setClockOffset(0)
    await closeDb()
    restore()
    await data?.drop()
  })

  /** A staff member signed in in a browser, with the second factor proved just now. */
  async function signedIn(
    role: 'support' | 'admin',
    browser = { userAgent: null as string | null, ip: null as string | null },
  ) {
    const id = await makeUser(db, role)
    await db.update(t.users).set({ role }).where(eq(t.users.id, id))
    const cookie = await sessionCookie(db, id)
    await db
      .update(t.sessions)
      .set({ userAgent: browser.userAgent, ipAddress: browser.ip })
      .where(eq(t.sessions.idHash, hashSessionId(cookie.slice(SESSION_COOKIE.length + 1))))
    const [user] = await db.select({ email: t.users.email }).from(t.users).where(eq(t.users.id, id))
    return { id, cookie, email: user!.email, handle: handleOf(cookie) }
  }

  const list = async (cookie: string) =>
    resultOf<StaffSessionView[]>(await callServerFn(sessionFns.adminStaffSessionsFn, undefined, { cookie }))
  const revoke = (cookie: string, id: string) => callServerFn(sessionFns.adminRevokeStaffSessionFn, { id }, { cookie })
  /** Any back-office request of that browser (the dashboard, open to staff). */
  const nextRequest = (cookie: string) => callServerFn(adminFns.adminDashboardFn, undefined, { cookie })

  it('lets an admin list staff sessions and sign one out: its next request is signed out, the act audited', async () => {
    const admin = await signedIn('admin')
    const laptop = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0'
    const support = await signedIn('support', { userAgent: laptop, ip: '203.0.113.7' })
    const sessions = await list(admin.cookie)
    expect(sessions).toContainEqual(expect.objectContaining({ id: admin.handle, email: admin.email, current: true }))
    expect(sessions).toContainEqual({
      id: support.handle,
      email: support.email,
      role: 'support',
      userAgent: laptop,
      ipAddress: '203.0.113.7',
      startedAt: expect.any(String),
      lastSeenAt: null,
      current: false,
    })
    expect(resultOf(await nextRequest(support.cookie))).toBeDefined()

    expect(okData(await revoke(admin.cookie, support.handle))).toEqual({ id: support.handle })
    expectRefused(await nextRequest(support.cookie), 'UNAUTHENTICATED')
    expect((await list(admin.cookie)).map((s) => s.id)).not.toContain(support.handle)
    const audit = await listAudit(db, { targetId: support.id, action: 'staff.session_revoke' })
    expect(audit).toEqual([expect.objectContaining({ actorId: admin.id })])
    // Gone already: the second try is told so.
    refusalOf(await revoke(admin.cookie, support.handle), 'NOT_FOUND')
  })

  it('refuses support both the list and signing out', async () => {
    const support = await signedIn('support')
    const other = await signedIn('admin')
    expectRefused(
      await callServerFn(sessionFns.adminStaffSessionsFn, undefined, { cookie: support.cookie }),
      'FORBIDDEN',
      'admin_only',
    )
    expectRefused(await revoke(support.cookie, other.handle), 'FORBIDDEN', 'admin_only')
    expect(resultOf(await nextRequest(other.cookie))).toBeDefined()
  })

  it('asks for a fresh code before signing a session out', async () => {
    const admin = await signedIn('admin')
    const support = await signedIn('support')
    setClockOffset(16 * 60_000) // past STAFF_STEP_UP_MINUTES since the admin's code
    try {
      expect(refusalOf(await revoke(admin.cookie, support.handle), 'FORBIDDEN').issues).toContain(
        'staff_step_up_required',
      )
    } finally {
      setClockOffset(0)
    }
    expect(resultOf(await nextRequest(support.cookie))).toBeDefined()
  })
})

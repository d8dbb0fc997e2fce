/**
 * Moving the test clock (ALLOW_TEST_CLOCK, POST /api/workshop/clock, admins only) shifts "now" for
 * every instance: holds release, windows close. It is a staff action like any other, so it is in
 * the audit log — who moved it, from which offset to which — in the transaction that moved it.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { listAudit } from '../../src/modules/admin/audit.server'
import { setClockOffset } from '../../src/modules/time/clock'
import { DAY_MS } from '../../src/modules/time/days'
import { TEST_CLOCK_KEY } from '../../src/modules/time/test-clock.server'
import { Route as ClockRoute } from '../../src/routes/api/workshop/clock'
import { meta } from '../../src/server/db/schema'
import { makeAdmin } from './catalog-fixtures'
import { callRoute, routeHandler } from './doors'
import { configForFile } from './test-config'
import { describeOnEachDriver, openThrowawayDb, type TestDb } from './throwaway-db'

configForFile({ ALLOW_TEST_CLOCK: 'true', LOG_LEVEL: 'silent' })

const moveClock = routeHandler(ClockRoute, 'POST')

describeOnEachDriver('moving the test clock', (driver) => {
  let t: TestDb
  beforeAll(async () => {
    t = await openThrowawayDb({ driver, prefix: 'clockaudit', seed: false })
  })
  afterAll(async () => {
    setClockOffset(0)
    await t?.close()
  })

  it('is audited with the admin, the offset before and after', async () => {
    const admin = await makeAdmin(t.db)
    const first = await callRoute(t.db, moveClock, { as: admin.id, body: { advanceDays: 3 } })
    expect(first.status).toBe(200)
    const second = await callRoute(t.db, moveClock, { as: admin.id, body: { advanceDays: 2 } })
    expect(second.status).toBe(200)

    const [stored] = await t.db.select().from(meta).where(eq(meta.key, TEST_CLOCK_KEY))
    expect(Number(stored!.value)).toBe(5 * DAY_MS)
    const entries = (await listAudit(t.db, { targetType: 'test_clock' })).reverse()
    expect(entries.map((e) => [e.actor, e.action, e.before, e.after])).toEqual([
      [admin.email, 'test_clock.move', { offsetDays: 0 }, { offsetDays: 3, advancedDays: 3 }],
      [admin.email, 'test_clock.move', { offsetDays: 3 }, { offsetDays: 5, advancedDays: 2 }],
    ])
  })

  it('a refused move (not an admin) writes no entry', async () => {
    const before = (await listAudit(t.db, { targetType: 'test_clock' })).length
    const refused = await callRoute(t.db, moveClock, { body: { advanceDays: 1 } })
    expect(refused.status).toBe(401)
    expect(await listAudit(t.db, { targetType: 'test_clock' })).toHaveLength(before)
  })
})

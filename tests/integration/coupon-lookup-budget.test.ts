/**
 * The coupon lookup budget (COUPON_LOOKUP_LIMIT units per client and user, an unknown code costs
 * five) holds when the guesses arrive at once: the full weight is reserved before the code is
 * looked up, so parallel guesses cannot each get an answer on the cheap up-front unit.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { FAILED_LOOKUP_WEIGHT, lookUpCoupons } from '../../src/modules/coupons/coupon-limits.server'
import { AppError } from '../../src/modules/errors/app-error'
import { rateLimits } from '../../src/server/db/schema'
import { configForFile } from './test-config'
import { describeOnEachDriver, openThrowawayDb, type TestDb } from './throwaway-db'

const BUDGET = 100
configForFile({ COUPON_LOOKUP_LIMIT: String(BUDGET) })

/** Runs every lookup at once; how many got an answer and how many were refused with 429. */
async function guessAtOnce(t: TestDb, codes: string[], ip: string) {
  const results = await Promise.allSettled(codes.map((code) => lookUpCoupons(t.db, [code], { ip, userId: null })))
  for (const r of results) {
    if (r.status === 'rejected' && !(r.reason instanceof AppError && r.reason.code === 'RATE_LIMITED')) throw r.reason
  }
  return {
    answered: results.filter((r) => r.status === 'fulfilled').length,
    refused: results.filter((r) => r.status === 'rejected').length,
  }
}

async function unitsSpent(t: TestDb, ip: string) {
  const rows = await t.db.select().from(rateLimits)
  return rows.filter((r) => r.key === `coupon:ip:${ip}`).reduce((sum, r) => sum + r.hits, 0)
}

describeOnEachDriver('coupon lookup budget', (driver) => {
  let t: TestDb
  beforeAll(async () => {
    t = await openThrowawayDb({ driver, prefix: 'couponbudget', poolSize: 20 })
  })
  afterAll(async () => t?.close())

  it(`${BUDGET * 2} unknown codes guessed in parallel get at most ${BUDGET / FAILED_LOOKUP_WEIGHT} answers`, async () => {
    const ip = `10.8.${Math.floor(Math.random() * 250)}.1`
    const codes = Array.from({ length: BUDGET * 2 }, () => `NOPE-${randomUUID().slice(0, 8)}`)
    const { answered, refused } = await guessAtOnce(t, codes, ip)
    expect(answered).toBeLessThanOrEqual(BUDGET / FAILED_LOOKUP_WEIGHT)
    // Not refused wholesale either: the budget is there for the ones that fit.
    expect(answered).toBeGreaterThan(0)
    expect(answered + refused).toBe(codes.length)
  })

  it('a known code costs one unit once looked up, also when looked up in parallel', async () => {
    const ip = `10.9.${Math.floor(Math.random() * 250)}.1`
    const { answered } = await guessAtOnce(t, Array(10).fill('WELCOME10'), ip)
    expect(answered).toBe(10)
    expect(await unitsSpent(t, ip)).toBe(10)
  })

  it('a known and an unknown code together: the unknown one is charged in full, the known one at one', async () => {
    const ip = `10.10.${Math.floor(Math.random() * 250)}.1`
    const found = await lookUpCoupons(t.db, ['WELCOME10', 'NOPE-x1'], { ip, userId: null })
    expect(found.map((c) => c.code)).toEqual(['WELCOME10'])
    expect(await unitsSpent(t, ip)).toBe(1 + FAILED_LOOKUP_WEIGHT)
  })
})

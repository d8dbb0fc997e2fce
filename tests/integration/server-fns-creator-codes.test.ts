/**
 * Issue 35: every server function of creator codes called in-process (server-fns.ts, ADR 065) — a
 * visitor 401, the wrong role 403, invalid input 400 with its issue code, and a permitted caller's
 * answer, including the refusals the forms translate (taken, offensive, unknown, own code).
 */
import { ordersConfigForFile } from './test-config'
import { afterAll, beforeAll, expect, vi } from 'vitest'
import * as creatorFns from '../../src/modules/creator-codes/creator-codes.functions'
import { choosePromoterCode } from '../../src/modules/creator-codes/creator-codes.server'
import { becomePromoter } from '../../src/modules/affiliate/promoters.server'
import { closeDb, getDb, type Db } from '../../src/server/db/client'
import { users } from '../../src/server/db/schema'
import { seedDemoData } from '../../src/app/seed/seed'
import { callServerFn, doorTable, makeCallers, okData, refusalOf, resultOf, type DoorRow } from './server-fns'

ordersConfigForFile()

vi.mock('@tanstack/react-start', async (original) => (await import('./server-fns')).providerStart(await original()))

let db: Db
beforeAll(async () => {
  db = await getDb()
  await seedDemoData(db)
}, 120_000)
afterAll(async () => {
  await closeDb()
})

const caller = makeCallers(() => db)
let serial = 0
const fresh = (stem: string) => `${stem}${(++serial).toString(36)}${Date.now().toString(36).slice(-5)}`

/** Another promoter with an active code, for the shopper side. */
async function someCreator(): Promise<string> {
  const [user] = await db
    .insert(users)
    .values({ email: `${fresh('creator')}@example.com` })
    .returning({ id: users.id })
  await becomePromoter(db, user!.id, { currency: 'USD' })
  return (await choosePromoterCode(db, user!.id, fresh('Crew'))).code
}

const rows: Record<string, DoorRow> = {
  getMyCreatorCodeFn: {
    gate: 'promoter',
    ok: (a) =>
      expect(resultOf(a)).toMatchObject({ code: null, currency: 'USD', byCode: { orders: 0 }, byLink: { orders: 0 } }),
  },
  chooseMyCreatorCodeFn: {
    gate: 'promoter',
    input: () => ({ code: fresh('Mine') }),
    invalid: { data: { code: 42 }, issue: 'invalid_type' },
    ok: async (a, who) => {
      const chosen = okData<{ code: string }>(a)
      expect(chosen.code).toMatch(/^Mine/)
      const taken = await callServerFn(
        creatorFns.chooseMyCreatorCodeFn,
        { code: await someCreator() },
        {
          cookie: who.cookie,
        },
      )
      expect(refusalOf(taken, 'CONFLICT').issues).toEqual(['code_taken'])
      const rude = await callServerFn(creatorFns.chooseMyCreatorCodeFn, { code: 'B1tch_Gamer' }, { cookie: who.cookie })
      expect(refusalOf(rude, 'INVALID_INPUT').issues).toEqual(['offensive_code'])
    },
  },
  getCreatorSupportFn: {
    gate: 'user',
    ok: (a) => expect(resultOf(a)).toBeNull(),
  },
  supportCreatorFn: {
    gate: 'user',
    input: () => ({ code: 'placeholder' }),
    invalid: { data: {}, issue: 'invalid_type' },
    ok: async (a, who) => {
      expect(refusalOf(a, 'NOT_FOUND').issues).toEqual(['unknown_code'])
      const code = await someCreator()
      const chosen = await callServerFn(
        creatorFns.supportCreatorFn,
        { code: code.toLowerCase() },
        { cookie: who.cookie },
      )
      expect(okData(chosen)).toMatchObject({ code, source: 'entered' })
      const now = await callServerFn(creatorFns.getCreatorSupportFn, undefined, { cookie: who.cookie })
      expect(resultOf(now)).toMatchObject({ code })
    },
  },
  stopSupportingCreatorFn: {
    gate: 'user',
    ok: async (a, who) => {
      expect(okData(a)).toBeNull()
      expect(a.setCookies.join('\n')).toContain('creator_code=; Max-Age=0')
      const now = await callServerFn(creatorFns.getCreatorSupportFn, undefined, { cookie: who.cookie })
      expect(resultOf(now)).toBeNull()
    },
  },
  adminCreatorCodesFn: {
    gate: 'admin',
    input: () => ({}),
    invalid: { data: { q: 7 }, issue: 'invalid_type' },
    ok: async (a) => {
      expect(Array.isArray(resultOf(a))).toBe(true)
    },
  },
  adminCreatorCodeActionFn: {
    gate: 'admin',
    input: () => ({ id: 2_000_000_000, decision: { action: 'disable' } }),
    invalid: { data: { id: 1, decision: { action: 'explode' } }, issue: 'invalid_union' },
    ok: async (a, who) => {
      expect(refusalOf(a, 'NOT_FOUND')).toMatchObject({ code: 'NOT_FOUND' })
      const code = await someCreator()
      const listed = await callServerFn(creatorFns.adminCreatorCodesFn, { q: code }, { cookie: who.cookie })
      const [row] = resultOf<{ id: number; code: string }[]>(listed)
      expect(row).toMatchObject({ code })
      const renamed = fresh('Better')
      const answer = await callServerFn(
        creatorFns.adminCreatorCodeActionFn,
        { id: row!.id, decision: { action: 'rename', code: renamed } },
        { cookie: who.cookie },
      )
      expect(okData(answer)).toBe('active')
      const discount = await callServerFn(
        creatorFns.adminCreatorCodeActionFn,
        {
          id: row!.id,
          decision: { action: 'discount', discountBps: 9000, discountCaps: { USD: 500 }, stacksWithCoupons: false },
        },
        { cookie: who.cookie },
      )
      expect(discount.status).toBe(400)
    },
  },
}

doorTable({ 'creator-codes/creator-codes.functions.ts': creatorFns }, rows, { caller })

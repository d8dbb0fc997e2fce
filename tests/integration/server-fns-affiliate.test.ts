/**
 * Issue 10, acceptance 3: every server function of the affiliate programme called in-process
 * (server-fns.ts, ADR 065) — a visitor 401, a shopper who is not a promoter 403 `not_promoter`,
 * invalid input 400 with its issue code, and a promoter's answer. Each test makes its own users.
 */
import { ordersConfigForFile } from './test-config'
import { afterAll, beforeAll, expect, vi } from 'vitest'
import * as affiliateFns from '../../src/modules/affiliate/affiliate.functions'
import { PENDING_COOKIE } from '../../src/modules/affiliate/cookies'
import { createLink } from '../../src/modules/affiliate/links.server'
import { findPromoter } from '../../src/modules/affiliate/promoters.server'
import * as referralFns from '../../src/modules/affiliate/referral.functions'
import { closeDb, getDb, type Db } from '../../src/server/db/client'
import { seedDemoData } from '../../src/app/seed/seed'
import { BROWSER_UA } from './affiliate-fixtures'
import { callServerFn, doorTable, makeCallers, okData, refusalOf, resultOf, type DoorRow } from './server-fns'

// The orders tests' settings (their own data directory for the app's database and mail outbox).
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
const UUID = '00000000-0000-4000-8000-000000000000'

const rows: Record<string, DoorRow> = {
  getAffiliateStatusFn: {
    gate: 'anyone',
    ok: async (a) => {
      expect(resultOf(a)).toMatchObject({ signedIn: true, promoter: null, terms: expect.any(Object) })
      expect(resultOf(await callServerFn(affiliateFns.getAffiliateStatusFn))).toMatchObject({ signedIn: false })
      const promoter = await caller('promoter')
      const asPromoter = await callServerFn(affiliateFns.getAffiliateStatusFn, undefined, { cookie: promoter.cookie })
      expect(resultOf(asPromoter)).toMatchObject({ promoter: { userId: promoter.id, currency: 'USD' } })
    },
  },
  becomePromoterFn: {
    gate: 'user',
    refusal: 'result',
    input: () => ({ currency: 'EUR' }),
    invalid: { data: { currency: 42 }, issue: 'invalid_value' },
    ok: (a, who) =>
      expect(okData(a)).toMatchObject({ userId: who.id, currency: 'EUR', promoteCode: expect.any(String) }),
  },
  getBalanceFn: {
    gate: 'promoter',
    ok: (a) => expect(resultOf(a)).toMatchObject({ currency: 'USD' }),
  },
  getPerformanceFn: {
    gate: 'promoter',
    input: () => ({ from: '2026-03-01', to: '2026-03-07' }),
    invalid: { data: { from: '2026-03-07', to: '2026-03-01' }, issue: 'custom' },
    ok: (a) => expect(resultOf(a)).toEqual(expect.any(Object)),
  },
  getLinksFn: {
    gate: 'promoter',
    input: async (who) => {
      if (await findPromoter(db, who.id)) await createLink(db, who.id, { target: '/en/news', campaign: 'spring' })
      return undefined
    },
    // The promoter's default link (their code alone) and the one made for a campaign.
    ok: (a) => expect(resultOf(a)).toContainEqual(expect.objectContaining({ campaign: 'spring' })),
  },
  createLinkFn: {
    gate: 'promoter',
    refusal: 'result',
    input: () => ({ target: '/en/news', campaign: 'autumn' }),
    invalid: { data: { target: 'x'.repeat(601) }, issue: 'too_big' },
    ok: (a) => expect(okData(a)).toMatchObject({ campaign: 'autumn' }),
  },
  archiveLinkFn: {
    gate: 'promoter',
    refusal: 'result',
    input: async (who) =>
      (await findPromoter(db, who.id))
        ? { id: (await createLink(db, who.id, { target: '/en/news' })).id }
        : { id: 2_000_000_000 },
    invalid: { data: { id: -1 }, issue: 'too_small' },
    ok: (a) => expect(okData(a)).toBeNull(),
  },
  getWithdrawalsFn: {
    gate: 'promoter',
    ok: (a) => expect(resultOf(a)).toEqual([]),
  },
  requestWithdrawalFn: {
    gate: 'promoter',
    refusal: 'result',
    input: () => ({ amountMinor: 5000, payout: { method: 'wallet', email: 'me@example.com' } }),
    invalid: { data: { amountMinor: '5000', payout: {} }, issue: 'invalid_type' },
    // Nothing earned yet: the use case refuses, with its code for the form and its HTTP status.
    ok: (a) => {
      const { code } = a.result as { code: 'CONFLICT' | 'INVALID_INPUT' }
      expect(['CONFLICT', 'INVALID_INPUT']).toContain(code)
      refusalOf(a, code)
    },
  },
  getCreditSummaryFn: {
    gate: 'promoter',
    ok: (a) => expect(resultOf(a)).toEqual({ currency: 'USD', creditMinor: 0, movable: [] }),
  },
  moveToCreditFn: {
    gate: 'promoter',
    input: () => ({ amountMinor: 100 }),
    invalid: { data: { amountMinor: 'all' }, issue: 'invalid_type' },
    // Nothing available: refused with its HTTP status and its code for the form.
    ok: (a) => {
      expect(a.status).toBeGreaterThanOrEqual(400)
      expect(a.result).toMatchObject({ ok: false })
    },
  },
  movePendingToCreditFn: {
    gate: 'promoter',
    input: () => ({ orderId: UUID }),
    invalid: { data: { orderId: 'x'.repeat(65) }, issue: 'too_big' },
    ok: (a) => {
      // Not an order of theirs with commission pending: nothing to move.
      refusalOf(a, 'CONFLICT')
    },
  },
  moveAllPendingToCreditFn: {
    gate: 'promoter',
    ok: (a) => expect(okData(a)).toEqual(expect.anything()),
  },

  // referral.functions.ts: a visitor's landing page confirms the click its ?ref= cookie holds.
  confirmReferralClick: {
    gate: 'anyone',
    ok: async (a) => {
      expect(resultOf(a)).toEqual({ recorded: false })
      const promoter = await caller('promoter')
      const code = (await findPromoter(db, promoter.id))!.promoteCode
      const answer = await callServerFn(referralFns.confirmReferralClick, undefined, {
        cookie: `${PENDING_COOKIE}=${code}`,
        headers: { 'user-agent': BROWSER_UA },
      })
      expect(resultOf(answer)).toEqual({ recorded: true })
      expect(answer.setCookies.join('\n')).toContain('aff_vid=')
    },
  },
}

doorTable({ 'affiliate/affiliate.functions.ts': affiliateFns, 'affiliate/referral.functions.ts': referralFns }, rows, {
  caller,
})

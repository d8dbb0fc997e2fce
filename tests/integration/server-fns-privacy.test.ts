/**
 * Privacy self-service's server functions (ADR 125, 126) called in-process (server-fns.ts,
 * ADR 065): a visitor is refused where an account is needed, a shopper is refused the admin list,
 * invalid input is 400 with its issue code, and a permitted caller gets the answer. Each test
 * makes its own users; the file runs on the app's database (a throwaway PGlite).
 */
import { ordersConfigForFile } from './test-config'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, vi } from 'vitest'
import { issueEmailCode } from '../../src/modules/accounts/email-codes.server'
import * as privacyAdminFns from '../../src/modules/privacy/privacy-admin.functions'
import * as privacyFns from '../../src/modules/privacy/privacy.functions'
import { closeDb, getDb, type Db } from '../../src/server/db/client'
import * as t from '../../src/server/db/schema'
import { seedDemoData } from '../../src/app/seed/seed'
import { doorTable, makeCallers, okData, resultOf, type DoorRow, type Who } from './server-fns'

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

async function emailOf(who: Who): Promise<string> {
  const [user] = await db.select({ email: t.users.email }).from(t.users).where(eq(t.users.id, who.id))
  return user!.email
}

const rows: Record<string, DoorRow> = {
  // privacy.functions.ts
  privacyOverviewFn: {
    gate: 'user',
    ok: (a) =>
      expect(resultOf(a)).toEqual({
        export: null,
        deletion: { blockers: [], commission: [], credit: [], codeSentUntil: null },
      }),
  },
  requestDataExportFn: {
    gate: 'user',
    input: () => ({ locale: 'pt' }),
    invalid: { data: { locale: 'it' }, issue: 'invalid_value' },
    ok: (a) => expect(okData(a)).toEqual({ status: 'pending' }),
  },
  sendDeletionCodeFn: {
    gate: 'user',
    input: () => ({ locale: 'es' }),
    invalid: { data: {}, issue: 'invalid_value' },
    ok: (a) => expect(okData<{ until: string }>(a).until).toMatch(/^\d{4}-/),
  },
  confirmDeletionFn: {
    gate: 'user',
    input: async (who) => ({
      code: await issueEmailCode(db, await emailOf(who), 'delete_account'),
      giveUpBalance: false,
    }),
    invalid: { data: { code: '12ab56', giveUpBalance: false }, issue: 'invalid_format' },
    ok: async (a, who) => {
      expect(okData(a)).toEqual({ deleted: true })
      const [user] = await db.select().from(t.users).where(eq(t.users.id, who.id))
      expect(user!.deletedAt).not.toBeNull()
      expect(await db.select().from(t.sessions).where(eq(t.sessions.userId, who.id))).toEqual([])
    },
  },
  exportLinkFn: {
    gate: 'anyone',
    input: () => ({ token: 'A'.repeat(43) }),
    invalid: { data: { token: 'short' }, issue: 'invalid_format' },
    ok: (a) => expect(resultOf(a)).toEqual({ state: 'unknown' }),
  },
  // privacy-admin.functions.ts
  adminPrivacyRequestsFn: {
    gate: 'admin',
    ok: (a) => expect(resultOf(a)).toMatchObject({ open: expect.any(Array), recent: expect.any(Array) }),
  },
}

doorTable(
  {
    'privacy/privacy.functions.ts': privacyFns,
    'privacy/privacy-admin.functions.ts': privacyAdminFns,
  },
  rows,
  { caller },
)

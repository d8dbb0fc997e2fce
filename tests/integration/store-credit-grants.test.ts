/**
 * Goodwill store credit (ADR 058, issue 16 part 3): an admin's grant writes the grant row, one
 * balanced ledger transaction and an audit entry together; the ledger reconciles afterwards; a
 * bad amount, an unknown shopper or a non-admin is refused and writes nothing.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { listAudit } from '../../src/modules/admin/audit.server'
import { auditDiff } from '../../src/modules/admin/audit-diff'
import { grantCredit } from '../../src/modules/store-credit/grants.server'
import { availableCredit } from '../../src/modules/store-credit/ledger.server'
import { reconcileCredit } from '../../src/modules/store-credit/reconcile.server'
import * as t from '../../src/server/db/schema'
import { describeOnEachDriver } from './throwaway-db'
import { makeAdmin } from './catalog-fixtures'
import { makeUser, openTestDb, type TestDb } from './orders-fixtures'
import { ordersConfigForFile } from './test-config'

ordersConfigForFile()

const UNKNOWN = '00000000-0000-4000-8000-000000000000'

describeOnEachDriver('goodwill store credit', (driver) => {
  let tdb: TestDb
  beforeAll(async () => {
    tdb = await openTestDb(driver)
  }, 60_000)
  afterAll(async () => {
    await tdb?.close()
  })

  it('posts one balanced grant transaction, records the grant and audits the balance change', async () => {
    const db = tdb.db
    const admin = await makeAdmin(db)
    const shopper = await makeUser(db, 'goodwill')
    const input = { userId: shopper, amountMinor: 750, currency: 'EUR', reason: 'Late delivery' }
    const granted = await grantCredit(db, admin, input)
    expect(granted).toMatchObject({ userId: shopper, currency: 'EUR', amountMinor: 750, balanceMinor: 750 })
    expect(await availableCredit(db, shopper, 'EUR')).toBe(750)

    const entries = await db.select().from(t.creditEntries).where(eq(t.creditEntries.grantId, granted.grantId))
    expect(entries).toHaveLength(2)
    expect(new Set(entries.map((e) => e.txnId)).size).toBe(1)
    expect(entries.reduce((s, e) => s + e.amountMinor, 0)).toBe(0)
    expect(Object.fromEntries(entries.map((e) => [e.account, e.amountMinor]))).toEqual({
      shop_goodwill: -750,
      credit_available: 750,
    })
    expect(entries.every((e) => e.kind === 'grant' && e.userId === shopper && e.currency === 'EUR')).toBe(true)

    const [grant] = await db.select().from(t.creditGrants).where(eq(t.creditGrants.id, granted.grantId))
    expect(grant).toMatchObject({ userId: shopper, amountMinor: 750, reason: 'Late delivery', grantedBy: admin.id })

    // A second grant builds on the first; the audit shows each balance before and after.
    await grantCredit(db, admin, { ...input, amountMinor: 250, reason: 'Sorry again' })
    const audit = (await listAudit(db, { action: 'credit.grant', targetId: shopper })).reverse()
    expect(audit.map((a) => [a.actor, a.targetType, a.before?.balanceMinor, a.after?.balanceMinor])).toEqual([
      [admin.email, 'user', 0, 750],
      [admin.email, 'user', 750, 1000],
    ])
    expect(auditDiff(audit[1]!.before, audit[1]!.after).map((c) => c.key)).toEqual([
      'amountMinor',
      'balanceMinor',
      'grantId',
      'reason',
    ])

    const report = await reconcileCredit(db)
    expect(report.problems).toEqual([])
    expect(report.ok).toBe(true)
  })

  it('refuses bad amounts, an unknown shopper and anyone but an admin, writing nothing', async () => {
    const db = tdb.db
    const admin = await makeAdmin(db)
    const shopper = await makeUser(db, 'refused')
    const good = { userId: shopper, amountMinor: 100, currency: 'USD', reason: 'Goodwill' }
    for (const amountMinor of [0, -5, 1.5, 10_000_000, Number.NaN]) {
      await expect(grantCredit(db, admin, { ...good, amountMinor })).rejects.toMatchObject({ code: 'INVALID_INPUT' })
    }
    await expect(grantCredit(db, admin, { ...good, currency: 'XXX' })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
    })
    await expect(grantCredit(db, admin, { ...good, reason: '   ' })).rejects.toMatchObject({ code: 'INVALID_INPUT' })
    await expect(grantCredit(db, admin, { ...good, userId: UNKNOWN })).rejects.toMatchObject({ code: 'NOT_FOUND' })
    await expect(grantCredit(db, { ...admin, role: 'support' }, good)).rejects.toMatchObject({
      code: 'FORBIDDEN',
      issues: [{ path: '', message: 'admin_only' }],
    })
    expect(await db.select().from(t.creditGrants).where(eq(t.creditGrants.userId, shopper))).toEqual([])
    expect(await db.select().from(t.creditEntries).where(eq(t.creditEntries.userId, shopper))).toEqual([])
    expect(await listAudit(db, { action: 'credit.grant', targetId: shopper })).toEqual([])
  })

  it('adds up grants made at the same time', async () => {
    const db = tdb.db
    const admin = await makeAdmin(db)
    const shopper = await makeUser(db, 'parallel')
    await Promise.all(
      [100, 200, 300, 400].map((amountMinor) =>
        grantCredit(db, admin, { userId: shopper, amountMinor, currency: 'BRL', reason: 'Batch' }),
      ),
    )
    expect(await availableCredit(db, shopper, 'BRL')).toBe(1000)
    const audit = await listAudit(db, { action: 'credit.grant', targetId: shopper })
    // Each grant saw the balance the one before it left (the wallet lock orders them): no two
    // audit entries claim the same balance, and the last one is the sum.
    const after = audit.map((a) => Number(a.after!.balanceMinor))
    expect(new Set(after).size).toBe(4)
    expect(Math.max(...after)).toBe(1000)
    expect((await reconcileCredit(db)).ok).toBe(true)
  })
})

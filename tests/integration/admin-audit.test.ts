/**
 * The audit log (PGlite): nothing in the code can change or remove an entry and the database
 * refuses it too; staff actions land in it with their before/after; the CSV export holds exactly
 * the rows the filter shows, escaped so a spreadsheet never runs a cell as a formula; only admins
 * may download it.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { auditExport, auditPage } from '../../src/modules/admin/audit-page.server'
import { AUDIT_CSV_COLUMNS } from '../../src/modules/admin/audit.server'
import { recordAudit } from '../../src/modules/audit/audit.server'
import { grantRole } from '../../src/modules/accounts/staff-roles.server'
import { answerSupportRequest, createSupportRequest } from '../../src/modules/orders/support.server'
import { Route as AuditCsvRoute } from '../../src/routes/api/admin/audit[.]csv'
import * as t from '../../src/server/db/schema'
import { TEST_USER_HEADER, routeHandler, testUser } from './doors'
import { makeUser, pgliteForFile } from './orders-fixtures'
import { ordersConfigForFile } from './test-config'
import { readCsv } from '../../src/modules/csv/csv'

ordersConfigForFile()

const db = pgliteForFile()

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name)
    if (statSync(file).isDirectory()) return sourceFiles(file)
    return /\.(ts|tsx|mjs|js|sql)$/.test(name) ? [file] : []
  })
}

const userEmail = async (id: string) =>
  (await db().select({ email: t.users.email }).from(t.users).where(eq(t.users.id, id)))[0]!.email

describe('audit log', () => {
  it('has no code path that updates or deletes its rows', () => {
    const offenders = [...sourceFiles('src'), ...sourceFiles('scripts')].filter((file) => {
      const text = readFileSync(file, 'utf8')
      return (
        /\.(update|delete)\(\s*auditLog\b/.test(text) ||
        /\b(update\s+"?audit_log"?\s+set|delete\s+from\s+"?audit_log"?|truncate\s+"?audit_log)/i.test(text)
      )
    })
    expect(offenders).toEqual([])
  })

  it('is refused any update, delete or truncate by the database itself', async () => {
    const refused = { cause: expect.objectContaining({ message: 'audit_log is append-only' }) }
    await recordAudit(db(), 'command line', { action: 'test.entry', targetType: 'test', targetId: 'db-guard' })
    await expect(
      db().update(t.auditLog).set({ actor: 'someone else' }).where(eq(t.auditLog.targetId, 'db-guard')),
    ).rejects.toMatchObject(refused)
    await expect(db().delete(t.auditLog).where(eq(t.auditLog.targetId, 'db-guard'))).rejects.toMatchObject(refused)
    await expect(db().execute(sql`truncate audit_log`)).rejects.toMatchObject(refused)
    const page = await auditPage(db(), { targetId: 'db-guard' })
    expect(page.rows.map((r) => r.actor)).toEqual(['command line'])
  })

  it('records staff actions with their changes, and the CSV export matches the page', async () => {
    const admin = await makeUser(db(), 'boss')
    await db().update(t.users).set({ role: 'admin' }).where(eq(t.users.id, admin))
    const adminActor = { id: admin, email: await userEmail(admin) }
    const helper = await makeUser(db(), 'helper')
    await grantRole(db(), await userEmail(helper), 'support', adminActor)
    const shopper = await makeUser(db())
    const { id: requestId } = await createSupportRequest(db(), shopper, {
      topic: 'other',
      message: 'Is VAT included?',
    })
    await answerSupportRequest(
      db(),
      { id: helper, email: await userEmail(helper) },
      { requestId, message: 'Yes, it is.' },
    )
    // A value a spreadsheet would run as a formula.
    await recordAudit(db(), adminActor, {
      action: 'test.formula',
      targetType: 'test',
      targetId: '=HYPERLINK("http://evil.test")',
      after: { note: '+1, "quoted"' },
    })

    const grant = await auditPage(db(), { action: 'role.grant', targetId: helper })
    expect(grant.rows).toHaveLength(1)
    // The account is named by its e-mail; a target that is not an order or an account has no name.
    expect(grant.rows[0]).toMatchObject({
      actor: adminActor.email,
      targetType: 'user',
      targetName: await userEmail(helper),
    })
    expect(grant.rows[0]!.changes).toEqual([{ key: 'role', before: '"customer"', after: '"support"' }])
    const reply = await auditPage(db(), { action: 'support.reply', targetId: String(requestId) })
    expect(reply.rows[0]!.changes.map((c) => c.key)).toEqual(['answeredAt', 'message', 'replyId'])
    expect(reply.rows[0]!.targetName).toBeNull()
    expect((await auditPage(db(), { action: 'test.formula' })).rows[0]!.targetName).toBeNull()

    const today = new Date().toISOString().slice(0, 10)
    const filter = { from: today, to: today }
    const page = await auditPage(db(), filter)
    const csv = readCsv(await auditExport(db(), filter))
    expect(csv[0]).toEqual([...AUDIT_CSV_COLUMNS])
    expect(csv.slice(1).map((r) => r[0])).toEqual(page.rows.map((r) => String(r.id)))
    expect(csv.slice(1).map((r) => [r[2], r[3], r[4]])).toEqual(page.rows.map((r) => [r.actor, r.action, r.targetType]))
    const formula = csv.find((r) => r[3] === 'test.formula')!
    expect(formula[5]).toBe(`'=HYPERLINK("http://evil.test")`)
    expect(JSON.parse(formula[7]!)).toEqual({ note: '+1, "quoted"' })
    expect(await auditExport(db(), { ...filter, to: '2020-01-01' })).toBe(`${AUDIT_CSV_COLUMNS.join(',')}\r\n`)
  })

  it('lets only admins download the CSV; a bad filter is a 400 with a code', async () => {
    const handler = routeHandler(AuditCsvRoute, 'GET')
    const call = async (as: string | undefined, query = '') => {
      const headers = new Headers(as ? { [TEST_USER_HEADER]: as } : {})
      const request = new Request(`http://shop.test/api/admin/audit.csv${query}`, { headers })
      return handler({ request, deps: { db: db(), resolve: testUser } })
    }
    const support = await makeUser(db(), 'sup')
    await db().update(t.users).set({ role: 'support' }).where(eq(t.users.id, support))
    const admin = await makeUser(db(), 'adm')
    await db().update(t.users).set({ role: 'admin' }).where(eq(t.users.id, admin))

    expect((await call(undefined)).status).toBe(401)
    expect((await call(await makeUser(db()))).status).toBe(403)
    expect((await call(support)).status).toBe(403)
    const ok = await call(admin, '?action=role.grant')
    expect(ok.status).toBe(200)
    expect(ok.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(ok.headers.get('content-disposition')).toMatch(/^attachment; filename="audit-\d{4}-\d{2}-\d{2}\.csv"$/)
    expect((await ok.text()).split('\r\n')[0]).toBe(AUDIT_CSV_COLUMNS.join(','))
    const bad = await call(admin, '?from=yesterday')
    expect(bad.status).toBe(400)
    expect(await bad.json()).toMatchObject({ error: { code: 'INVALID_INPUT' } })
  })
})

/**
 * Staff roles given and taken by admins (PGlite): support and admin by e-mail, back to customer,
 * never the last admin, an unknown e-mail refused with a code; each change audited.
 */
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { listAudit } from '../../src/modules/admin/audit.server'
import { grantRole, listStaff, revokeRole } from '../../src/modules/accounts/staff-roles.server'
import * as t from '../../src/server/db/schema'
import { makeAdmin } from './catalog-fixtures'
import { makeUser, pgliteForFile } from './orders-fixtures'
import { ordersConfigForFile } from './test-config'

ordersConfigForFile()

const db = pgliteForFile()

const emailOf = async (id: string) =>
  (await db().select({ email: t.users.email }).from(t.users).where(eq(t.users.id, id)))[0]!.email

describe('staff roles', () => {
  it('grants support, changes it to admin and takes it away, each change audited', async () => {
    const admin = await makeAdmin(db())
    const person = await emailOf(await makeUser(db(), 'newhire'))
    expect(await grantRole(db(), person, 'support', admin)).toMatchObject({ email: person, role: 'support' })
    expect(await grantRole(db(), person.toUpperCase(), 'admin', admin)).toMatchObject({ role: 'admin' })
    expect((await listStaff(db())).find((m) => m.email === person)?.role).toBe('admin')
    expect(await revokeRole(db(), person, admin)).toMatchObject({ role: 'customer' })
    expect((await listStaff(db())).some((m) => m.email === person)).toBe(false)

    const [member] = await db().select({ id: t.users.id }).from(t.users).where(eq(t.users.email, person))
    const entries = (await listAudit(db(), { targetType: 'user', targetId: member!.id })).reverse()
    expect(entries.map((e) => [e.actor, e.action, e.before?.role, e.after?.role])).toEqual([
      [admin.email, 'role.grant', 'customer', 'support'],
      [admin.email, 'role.grant', 'support', 'admin'],
      [admin.email, 'role.revoke', 'admin', 'customer'],
    ])
  })

  it('refuses an unknown e-mail and the removal of the last admin', async () => {
    const admin = await makeAdmin(db())
    await expect(grantRole(db(), 'nobody-here@example.test', 'support', admin)).rejects.toMatchObject({
      code: 'NOT_FOUND',
      issues: [{ path: 'email', message: 'no_account' }],
    })
    for (const other of (await listStaff(db())).filter((m) => m.role === 'admin' && m.id !== admin.id)) {
      await revokeRole(db(), other.email, admin)
    }
    await expect(revokeRole(db(), admin.email, admin)).rejects.toMatchObject({
      code: 'CONFLICT',
      issues: [{ path: 'role', message: 'last_admin' }],
    })
    await expect(grantRole(db(), admin.email, 'support', admin)).rejects.toMatchObject({ code: 'CONFLICT' })
    expect((await listStaff(db())).filter((m) => m.role === 'admin').map((m) => m.id)).toEqual([admin.id])
  })
})

/**
 * Staff roles: granting and revoking support and admin (the command line, and admins in the
 * back-office). Every change is in the audit log with the role before and after.
 */
import { asc, eq, inArray } from 'drizzle-orm'
import type { Db } from '~/server/db/client'
import { STAFF_ROLES, users, type StaffRole, type UserRole } from '~/server/db/schema'
import { AppError } from '~/modules/errors/app-error'
import { recordAudit, type AuditActor } from '~/modules/audit/audit.server'
import { now } from '~/modules/time/clock'

export interface StaffMember {
  id: string
  email: string
  role: UserRole
}

async function setRole(db: Db, email: string, role: UserRole, actor: AuditActor): Promise<StaffMember> {
  return db.transaction(async (tx) => {
    // The admin rows first, always in id order, then the target: two admins revoking each other at
    // once wait in line instead of each holding one row and waiting for the other's (a deadlock).
    const admins = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.role, 'admin'))
      .orderBy(asc(users.id))
      .for('update')
    const [user] = await tx
      .select({ id: users.id, email: users.email, role: users.role })
      .from(users)
      .where(eq(users.email, email.trim().toLowerCase()))
      .for('update')
    if (!user) {
      throw new AppError('NOT_FOUND', `No account with the e-mail ${email}`, {
        issues: [{ path: 'email', message: 'no_account' }],
      })
    }
    if (user.role === role) return user
    // The shop always keeps one admin: otherwise nobody could grant the role again but the command
    // line. Counted among the rows locked above (an admin made meanwhile is not among them: that
    // only errs towards keeping one).
    if (user.role === 'admin' && !admins.some((a) => a.id !== user.id)) {
      throw new AppError('CONFLICT', 'The last admin cannot lose the role', {
        issues: [{ path: 'role', message: 'last_admin' }],
      })
    }
    await tx.update(users).set({ role, updatedAt: now() }).where(eq(users.id, user.id))
    await recordAudit(tx, actor, {
      action: role === 'customer' ? 'role.revoke' : 'role.grant',
      targetType: 'user',
      targetId: user.id,
      before: { email: user.email, role: user.role },
      after: { email: user.email, role },
    })
    return { ...user, role }
  })
}

export function grantRole(db: Db, email: string, role: StaffRole, actor: AuditActor): Promise<StaffMember> {
  return setRole(db, email, role, actor)
}

/** Back to a plain customer account. */
export function revokeRole(db: Db, email: string, actor: AuditActor): Promise<StaffMember> {
  return setRole(db, email, 'customer', actor)
}

export async function listStaff(db: Db): Promise<StaffMember[]> {
  return db
    .select({ id: users.id, email: users.email, role: users.role })
    .from(users)
    .where(inArray(users.role, [...STAFF_ROLES]))
    .orderBy(asc(users.role), asc(users.email))
}

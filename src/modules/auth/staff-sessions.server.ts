/**
 * Staff sessions (ADR 112): they end STAFF_SESSION_HOURS after the sign-in (real time, like the
 * tokens behind them), are listed with their browser, address and last use, and can be revoked.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import { config } from '../../../app.config'
import { recordAudit } from '~/modules/audit/audit.server'
import { AppError } from '~/modules/errors/app-error'
import type { Db } from '~/server/db/client'
import { STAFF_ROLES, sessions, users } from '~/server/db/schema'
import { sessionHashFromRequest } from './session-cookie.server'
import type { StaffSessionView } from './staff-sessions.schemas'

const LAST_SEEN_EVERY_MS = 60_000

/**
 * For a staff caller's session: true (and the session deleted: signed out) once it is older than
 * STAFF_SESSION_HOURS; otherwise notes its last use (at most once a minute).
 */
export async function endedStaffSession(
  db: Db,
  idHash: string,
  row: { createdAt: Date; lastSeenAt: Date | null },
): Promise<boolean> {
  const at = Date.now()
  if (at - row.createdAt.getTime() > config().STAFF_SESSION_HOURS * 3_600_000) {
    await db.delete(sessions).where(eq(sessions.idHash, idHash))
    return true
  }
  if (!row.lastSeenAt || at - row.lastSeenAt.getTime() > LAST_SEEN_EVERY_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(at) })
      .where(eq(sessions.idHash, idHash))
  }
  return false
}

const handleOf = (idHash: string) => idHash.slice(0, 16)

/** Every live staff session, most recently used first (admins). */
export async function listStaffSessions(db: Db, currentHash: string | undefined): Promise<StaffSessionView[]> {
  const rows = await db
    .select({
      idHash: sessions.idHash,
      email: users.email,
      role: users.role,
      userAgent: sessions.userAgent,
      ipAddress: sessions.ipAddress,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(inArray(users.role, [...STAFF_ROLES]))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt))
    .limit(500)
  const cutoff = Date.now() - config().STAFF_SESSION_HOURS * 3_600_000
  return rows
    .filter((r) => r.createdAt.getTime() >= cutoff)
    .map((r) => ({
      id: handleOf(r.idHash),
      email: r.email,
      role: r.role,
      userAgent: r.userAgent,
      ipAddress: r.ipAddress,
      startedAt: r.createdAt.toISOString(),
      lastSeenAt: r.lastSeenAt?.toISOString() ?? null,
      current: r.idHash === currentHash,
    }))
}

/** The list as the requesting browser sees it: its own session marked `current`. */
export function staffSessionsSeenBy(db: Db, request: Request): Promise<StaffSessionView[]> {
  return listStaffSessions(db, sessionHashFromRequest(request))
}

/** Signs one staff session out (admins; audited). NOT_FOUND for an unknown handle. */
export async function revokeStaffSession(db: Db, actor: { id: string; email: string }, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [found] = await tx
      .select({ idHash: sessions.idHash, userId: sessions.userId, email: users.email })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(inArray(users.role, [...STAFF_ROLES]), sql`left(${sessions.idHash}, 16) = ${id}`))
      .limit(1)
    if (!found) throw new AppError('NOT_FOUND', 'No such staff session')
    await tx.delete(sessions).where(and(eq(sessions.idHash, found.idHash), eq(sessions.userId, found.userId)))
    await recordAudit(tx, actor, {
      action: 'staff.session_revoke',
      targetType: 'user',
      targetId: found.userId,
      before: { session: id, email: found.email },
      after: null,
    })
  })
}

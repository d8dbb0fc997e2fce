/** The back office's view of privacy requests (admins): what is open, and what ended lately. */
import { and, desc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm'
import type { Db } from '~/server/db/client'
import { privacyRequests, users } from '~/server/db/schema'
import type { PrivacyRequestView, PrivacyRequestsPage } from './privacy.schemas'

const RECENT_DAYS = 30
const LIMIT = 100

function select(db: Db) {
  return db
    .select({
      id: privacyRequests.id,
      kind: privacyRequests.kind,
      status: privacyRequests.status,
      aid: users.aid,
      email: users.email,
      deletedAt: users.deletedAt,
      createdAt: privacyRequests.createdAt,
      expiresAt: privacyRequests.expiresAt,
      completedAt: privacyRequests.completedAt,
    })
    .from(privacyRequests)
    .innerJoin(users, eq(users.id, privacyRequests.userId))
}

type Row = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number]

const view = (r: Row): PrivacyRequestView => ({
  id: r.id,
  kind: r.kind,
  status: r.status,
  aid: r.aid,
  email: r.deletedAt ? null : r.email,
  createdAt: r.createdAt.toISOString(),
  expiresAt: r.expiresAt?.toISOString() ?? null,
  completedAt: r.completedAt?.toISOString() ?? null,
})

export async function listPrivacyRequests(db: Db): Promise<PrivacyRequestsPage> {
  const open = await select(db)
    .where(
      and(
        inArray(privacyRequests.status, ['pending', 'ready']),
        or(isNull(privacyRequests.expiresAt), gt(privacyRequests.expiresAt, sql`now()`)),
      ),
    )
    .orderBy(desc(privacyRequests.createdAt))
    .limit(LIMIT)
  const recent = await select(db)
    .where(
      and(
        inArray(privacyRequests.status, ['done', 'expired']),
        gt(privacyRequests.createdAt, sql`now() - make_interval(days => ${RECENT_DAYS})`),
      ),
    )
    .orderBy(desc(privacyRequests.createdAt))
    .limit(LIMIT)
  return { open: open.map(view), recent: recent.map(view) }
}

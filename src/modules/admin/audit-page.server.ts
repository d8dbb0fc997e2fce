/** The audit log as the back office reads it: a filtered page, or every matching row for the CSV export. */
import { inArray } from 'drizzle-orm'
import type { Db } from '~/server/db/client'
import { orders, users } from '~/server/db/schema'
import { addUtcDays } from '~/modules/time/days'
import { auditDiff } from './audit-diff'
import { AUDIT_PAGE_SIZE, auditQuerySchema, type AuditEntryView, type AuditQuery } from './admin.schemas'
import { AUDIT_MAX_ROWS, auditCsv, countAudit, listAudit, type AuditFilter, type AuditRow } from './audit.server'

function filterOf(input: AuditQuery): AuditFilter & { page: number } {
  const q = auditQuerySchema.parse(input)
  return {
    action: q.action,
    targetType: q.targetType,
    targetId: q.targetId,
    from: q.from ? new Date(`${q.from}T00:00:00Z`) : undefined,
    to: q.to ? new Date(`${addUtcDays(q.to, 1)}T00:00:00Z`) : undefined,
    page: q.page,
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Orders by their number and accounts by their e-mail, for the rows that name one by its id. */
async function targetNames(db: Db, rows: AuditRow[]): Promise<Map<string, string>> {
  const ids = (type: string) => [...new Set(rows.filter((r) => r.targetType === type).map((r) => r.targetId))]
  const [orderIds, userIds] = [ids('order').filter((id) => UUID.test(id)), ids('user').filter((id) => UUID.test(id))]
  const [orderRows, userRows] = await Promise.all([
    orderIds.length
      ? db.select({ id: orders.id, name: orders.number }).from(orders).where(inArray(orders.id, orderIds))
      : [],
    userIds.length ? db.select({ id: users.id, name: users.email }).from(users).where(inArray(users.id, userIds)) : [],
  ])
  return new Map([
    ...orderRows.map((o) => [`order:${o.id}`, o.name] as const),
    ...userRows.map((u) => [`user:${u.id}`, u.name] as const),
  ])
}

const view = (r: AuditRow, names: Map<string, string>): AuditEntryView => ({
  id: r.id,
  at: r.at.toISOString(),
  actor: r.actor,
  action: r.action,
  targetType: r.targetType,
  targetId: r.targetId,
  targetName: names.get(`${r.targetType}:${r.targetId}`) ?? null,
  changes: auditDiff(r.before ?? null, r.after ?? null).map((c) => ({
    key: c.key,
    before: c.before === undefined ? null : JSON.stringify(c.before),
    after: c.after === undefined ? null : JSON.stringify(c.after),
  })),
})

export async function auditPage(db: Db, input: AuditQuery) {
  const { page, ...filter } = filterOf(input)
  const [rows, total] = await Promise.all([
    listAudit(db, { ...filter, limit: AUDIT_PAGE_SIZE, offset: (page - 1) * AUDIT_PAGE_SIZE }),
    countAudit(db, filter),
  ])
  const names = await targetNames(db, rows)
  return { rows: rows.map((r) => view(r, names)), total, page, pageSize: AUDIT_PAGE_SIZE }
}

/** Every row the filter matches (newest first, at most AUDIT_MAX_ROWS), as CSV. */
export async function auditExport(db: Db, input: AuditQuery): Promise<string> {
  const { page: _page, ...filter } = filterOf(input)
  return auditCsv(await listAudit(db, { ...filter, limit: AUDIT_MAX_ROWS }))
}

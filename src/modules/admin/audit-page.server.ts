/** The audit log as the back office reads it: a filtered page, or every matching row for the CSV export. */
import type { Db } from '~/server/db/client'
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

const view = (r: AuditRow): AuditEntryView => ({
  id: r.id,
  at: r.at.toISOString(),
  actor: r.actor,
  action: r.action,
  targetType: r.targetType,
  targetId: r.targetId,
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
  return { rows: rows.map(view), total, page, pageSize: AUDIT_PAGE_SIZE }
}

/** Every row the filter matches (newest first, at most AUDIT_MAX_ROWS), as CSV. */
export async function auditExport(db: Db, input: AuditQuery): Promise<string> {
  const { page: _page, ...filter } = filterOf(input)
  return auditCsv(await listAudit(db, { ...filter, limit: AUDIT_MAX_ROWS }))
}

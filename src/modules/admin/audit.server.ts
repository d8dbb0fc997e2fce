/** The audit log's reading side for the back office: filtered pages and the CSV export (the writer is modules/audit). */
import { and, count, desc, eq, gte, lt } from 'drizzle-orm'
import type { Db } from '~/server/db/client'
import { auditLog } from '~/server/db/schema'
import { toCsv } from '~/modules/csv/csv'

export interface AuditFilter {
  action?: string
  targetType?: string
  targetId?: string
  from?: Date
  to?: Date
  limit?: number
  offset?: number
}

/** The most rows one read (a page, a CSV export) returns. */
export const AUDIT_MAX_ROWS = 10_000

const whereOf = (filter: AuditFilter) =>
  and(
    filter.action ? eq(auditLog.action, filter.action) : undefined,
    filter.targetType ? eq(auditLog.targetType, filter.targetType) : undefined,
    filter.targetId ? eq(auditLog.targetId, filter.targetId) : undefined,
    filter.from ? gte(auditLog.at, filter.from) : undefined,
    filter.to ? lt(auditLog.at, filter.to) : undefined,
  )

/** Newest first, filtered by action, target and time. */
export async function listAudit(db: Db, filter: AuditFilter = {}) {
  return db
    .select()
    .from(auditLog)
    .where(whereOf(filter))
    .orderBy(desc(auditLog.id))
    .limit(Math.min(filter.limit ?? 100, AUDIT_MAX_ROWS))
    .offset(filter.offset ?? 0)
}

export async function countAudit(db: Db, filter: AuditFilter = {}): Promise<number> {
  const [row] = await db.select({ n: count() }).from(auditLog).where(whereOf(filter))
  return row?.n ?? 0
}

export type AuditRow = Awaited<ReturnType<typeof listAudit>>[number]

/** A cell of the export: text as it is, anything else (before/after) as JSON. */
function cellText(value: unknown): string {
  return value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value)
}

export const AUDIT_CSV_COLUMNS = ['id', 'at', 'actor', 'action', 'target_type', 'target_id', 'before', 'after'] as const

/** The rows as CSV (header first, CRLF line ends), before/after as JSON. */
export function auditCsv(rows: AuditRow[]): string {
  return toCsv(
    AUDIT_CSV_COLUMNS,
    rows.map((r) =>
      [r.id, r.at.toISOString(), r.actor, r.action, r.targetType, r.targetId, r.before, r.after].map(cellText),
    ),
  )
}

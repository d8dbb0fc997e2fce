/** What an audited action changed: the keys whose values differ before and after (client-safe). */
export interface AuditChange {
  key: string
  before: unknown
  after: unknown
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

export function auditDiff(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): AuditChange[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].sort()
  return keys
    .map((key) => ({ key, before: before?.[key], after: after?.[key] }))
    .filter((change) => !same(change.before, change.after))
}

/** What an audited action changed: the keys whose values differ before and after (client-safe). */
export interface AuditChange {
  key: string
  before: unknown
  after: unknown
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/**
 * The changed leaves, by path ("name.de"): objects on both sides (a name in six languages) are
 * compared key by key, so a German rename shows the German name alone, not all six. Arrays and
 * other values are compared whole.
 */
export function auditDiff(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  prefix = '',
): AuditChange[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].sort()
  return keys.flatMap((key) => {
    const path = `${prefix}${key}`
    const [was, is] = [before?.[key], after?.[key]]
    if (same(was, is)) return []
    if (isRecord(was) && isRecord(is)) return auditDiff(was, is, `${path}.`)
    return [{ key: path, before: was, after: is }]
  })
}

/**
 * Optimistic concurrency without a version column (ADR 053): an editable thing's version is a
 * short hash of its current content, computed the same way when the editor loads it and when a
 * save re-reads it under a row lock. Any change by anyone (another admin, a seed, a script) moves
 * it; nothing has to remember to bump a counter.
 */
import { createHash } from 'node:crypto'
import { AppError } from '~/modules/errors/app-error'

/** JSON with object keys sorted, so equal content always hashes alike. */
function canonical(value: unknown): string {
  if (value === undefined) return 'null'
  if (value === null || typeof value !== 'object') return JSON.stringify(value)
  if (value instanceof Date) return JSON.stringify(value.toISOString())
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`
}

/** 16 hex digits of SHA-256: collisions between two successive states of one row are not a concern. */
export function contentVersion(value: unknown): string {
  return createHash('sha256').update(canonical(value)).digest('hex').slice(0, 16)
}

/** Refuses a save made from a stale copy; call inside the save's transaction, after locking. */
export function assertVersion(loaded: string, current: string, what: string): void {
  if (loaded !== current) {
    throw new AppError('CONFLICT', `${what} was changed by someone else since it was loaded`, {
      issues: [{ path: 'version', message: 'stale_version' }],
    })
  }
}

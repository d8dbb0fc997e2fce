/**
 * Optimistic concurrency for back-office edits: an entity's version is a short hash of its current
 * row and translations, computed here (never stored), so any change by anyone — another admin,
 * the seed, a migration — makes an editor's copy stale. A save sends the version it loaded; the
 * use case locks the rows (SELECT … FOR UPDATE), recomputes and refuses a mismatch before writing.
 */
import { createHash } from 'node:crypto'
import { AppError } from '../errors/app-error'

/** Keys sorted at every level, Dates as ISO strings: the same content always gives the same text. */
function canonical(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString()
  if (Array.isArray(value)) return value.map(canonical)
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    )
  }
  return value ?? null
}

/** 16 hex digits of SHA-256 over the canonical JSON: short enough for a form, long enough never to collide by chance. */
export function contentVersion(value: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(canonical(value)))
    .digest('hex')
    .slice(0, 16)
}

/** Throws CONFLICT `stale_version` when the editor loaded another version than the one locked now. */
export function assertVersion(current: unknown, sent: string): void {
  if (contentVersion(current) !== sent) {
    throw new AppError('CONFLICT', 'Changed by someone else since it was loaded', {
      issues: [{ path: 'version', message: 'stale_version' }],
    })
  }
}

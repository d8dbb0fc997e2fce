/**
 * What a mutating server function returns: data, or an error code (and issue codes) that the UI
 * translates. Expected refusals travel as values; only unexpected failures throw.
 */
import type { ErrorCode } from './app-error'

export type ActionResult<T> =
  { ok: true; data: T } | { ok: false; code: ErrorCode; issues: string[]; retryAfterSeconds?: number }
export type ActionFailure = Extract<ActionResult<unknown>, { ok: false }>

/**
 * The refusals every back-office editor's use cases share: field issues as INVALID_INPUT, taken
 * keys as CONFLICT, a reorder of a list that changed since it was loaded as CONFLICT.
 */
import { AppError, type ErrorIssue } from '~/modules/errors/app-error'

/** INVALID_INPUT (400) with each refused field's path and issue code, when there is any. */
export function refuseIssues(what: string, issues: ErrorIssue[]): void {
  if (issues.length > 0) throw new AppError('INVALID_INPUT', `Invalid ${what}`, { issues })
}

export function taken(what: string, path: string): AppError {
  return new AppError('CONFLICT', `This ${what} is already used`, { issues: [{ path, message: `${path}_taken` }] })
}

export function missing(what: string): AppError {
  return new AppError('NOT_FOUND', `No such ${what}`)
}

/** A reorder must name exactly the rows there are now; anything else was loaded before a change. */
export function staleList(): AppError {
  return new AppError('CONFLICT', 'The list changed since it was loaded', {
    issues: [{ path: 'ids', message: 'stale_version' }],
  })
}

/** Whether two id lists hold the same ids, in any order. */
export const sameIds = (a: number[], b: number[]) =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join()

/** The refusals the content use cases share: field issues as INVALID_INPUT, taken keys as CONFLICT. */
import { AppError } from '~/modules/errors/app-error'
import type { FieldIssue } from './content-rules'

/** INVALID_INPUT (400) with each refused field's path and issue code, when there is any. */
export function refuseIssues(what: string, issues: FieldIssue[]): void {
  if (issues.length > 0) throw new AppError('INVALID_INPUT', `Invalid ${what}`, { issues })
}

export function taken(what: string, path: string): AppError {
  return new AppError('CONFLICT', `This ${what} is already used`, { issues: [{ path, message: `${path}_taken` }] })
}

export function missing(what: string): AppError {
  return new AppError('NOT_FOUND', `No such ${what}`)
}

/**
 * The one error type of the app. Server code throws it with a code; the HTTP boundary maps the
 * code to a status and the UI translates the code. Messages here are for logs and API clients.
 */
import { ZodError } from 'zod'

export const ERROR_CODES = [
  'NOT_FOUND',
  'INVALID_INPUT',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'CONFLICT',
  'RATE_LIMITED',
  'PAYMENT_FAILED',
  'UNAVAILABLE',
  'INTERNAL',
] as const
export type ErrorCode = (typeof ERROR_CODES)[number]

export const ERROR_STATUS: Record<ErrorCode, number> = {
  NOT_FOUND: 404,
  INVALID_INPUT: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  PAYMENT_FAILED: 402,
  UNAVAILABLE: 503,
  INTERNAL: 500,
}

export interface ErrorIssue {
  path: string
  message: string
}

export class AppError extends Error {
  readonly code: ErrorCode
  readonly issues?: ErrorIssue[]
  readonly retryAfterSeconds?: number

  constructor(
    code: ErrorCode,
    message: string,
    extra: { issues?: ErrorIssue[]; retryAfterSeconds?: number; cause?: unknown } = {},
  ) {
    super(message, { cause: extra.cause })
    this.name = 'AppError'
    this.code = code
    this.issues = extra.issues
    this.retryAfterSeconds = extra.retryAfterSeconds
  }

  get status(): number {
    return ERROR_STATUS[this.code]
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError
}

/**
 * Any thrown value as an AppError: zod failures are INVALID_INPUT with their issues, so is a value
 * the database refused as data (a NUL character in text, a number out of its column's range: SQL
 * state class 22, which only input can cause); the rest INTERNAL.
 */
export function toAppError(error: unknown): AppError {
  if (isAppError(error)) return error
  if (error instanceof ZodError) {
    return new AppError('INVALID_INPUT', 'Invalid input', {
      issues: error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
    })
  }
  const state = dataExceptionState(error)
  if (state) {
    return new AppError('INVALID_INPUT', 'Invalid input', {
      issues: [{ path: '', message: DATA_EXCEPTIONS[state] ?? 'invalid_value' }],
      cause: error,
    })
  }
  return new AppError('INTERNAL', 'Internal Server Error', { cause: error })
}

const DATA_EXCEPTIONS: Record<string, string> = {
  '22021': 'invalid_characters', // character not in repertoire: a NUL in text
  '22P05': 'invalid_characters', // untranslatable character
  '22003': 'out_of_range', // numeric value out of range
}

/** The SQL state of a database data exception, on the error or its causes (drizzle wraps them). */
function dataExceptionState(error: unknown): string | undefined {
  let e: unknown = error
  for (let depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return code
    e = (e as { cause?: unknown }).cause
  }
  return undefined
}

import { setResponseHeader, setResponseStatus } from '@tanstack/react-start/server'
import { z } from 'zod'
import { AppError, toAppError } from '~/modules/errors/app-error'
import { isConnectionError } from '~/server/db/availability'
import { reportServerError } from '~/server/error-reporting'
import { log } from '~/server/log'
import { currentRequestId } from '~/server/request-id'

export interface CacheOptions {
  /** Seconds a shared cache (CDN) may serve the response. */
  sMaxAge: number
  /** Seconds a stale response may be served while revalidating. */
  staleWhileRevalidate?: number
}

export function cacheControl(opts: CacheOptions | 'no-store'): string {
  if (opts === 'no-store') return 'no-store'
  const swr = opts.staleWhileRevalidate ?? opts.sMaxAge * 10
  return `public, max-age=0, s-maxage=${opts.sMaxAge}, stale-while-revalidate=${swr}`
}

export function json(
  data: unknown,
  init: { status?: number; cache?: CacheOptions | 'no-store'; headers?: Record<string, string> } = {},
): Response {
  return new Response(JSON.stringify(data), {
    status: init.status ?? 200,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': cacheControl(init.cache ?? 'no-store'),
      ...init.headers,
    },
  })
}

/** A redirect that is never cached, setting `cookies` (Set-Cookie values) on the way. */
export function redirectTo(location: string, init: { status?: 302 | 303; cookies?: string[] } = {}): Response {
  const headers = new Headers({ location, 'cache-control': 'no-store' })
  for (const cookie of init.cookies ?? []) headers.append('set-cookie', cookie)
  return new Response(null, { status: init.status ?? 302, headers })
}

/**
 * Turns any thrown value into a JSON error response; internals never leak to the client. An
 * unexpected error is logged with its stack (the one place a stack is written) and answered
 * `500 { error: { code: 'INTERNAL', message: 'Internal Server Error', requestId } }`.
 */
export function errorResponse(error: unknown): Response {
  const appError = classifyError(error)
  if (appError.code === 'INTERNAL') {
    log.error({ err: error }, 'unhandled error in API handler')
    reportServerError(error)
    const requestId = currentRequestId()
    return json({ error: { code: 'INTERNAL', message: 'Internal Server Error', requestId } }, { status: 500 })
  } else if (appError.code === 'INVALID_INPUT') {
    // A malformed request is the client's mistake, worth seeing but not an error of ours.
    log.warn({ code: appError.code, msg: appError.message }, 'request refused')
  }
  const headers: Record<string, string> = {}
  if (appError.retryAfterSeconds) headers['retry-after'] = String(appError.retryAfterSeconds)
  return json(
    { error: { code: appError.code, message: appError.message, issues: appError.issues } },
    { status: appError.status, headers },
  )
}

/**
 * In a server function: gives a refusal its HTTP meaning (429 + Retry-After) on the response,
 * which Start otherwise sends as 200 with the error in the body. The client decodes either way.
 */
export function markServerFnRefusal(error: AppError): void {
  setResponseStatus(error.status)
  if (error.retryAfterSeconds) setResponseHeader('retry-after', String(error.retryAfterSeconds))
}

/**
 * toAppError plus what only the server can tell: the database going away is the shop being
 * unavailable (503, retried), not a bug (500).
 */
export function classifyError(error: unknown): AppError {
  if (isConnectionError(error)) {
    return new AppError('UNAVAILABLE', 'Service temporarily unavailable', { retryAfterSeconds: 5, cause: error })
  }
  return toAppError(error)
}

/** A path segment parsed with `schema`; one that cannot name a resource is NOT_FOUND (404). */
export function pathParam<T>(
  schema: { safeParse(input: unknown): { success: true; data: T } | { success: false } },
  value: string | undefined,
): T {
  const parsed = schema.safeParse(value)
  if (!parsed.success) throw new AppError('NOT_FOUND', 'Not found')
  return parsed.data
}

/** A serial row id in a path (/links/12): a positive int4; anything else is NOT_FOUND via pathParam. */
export const rowIdParam = z.coerce.number().int().positive().max(2_147_483_647)

/** The JSON body ({} when empty); a body that is not JSON is INVALID_INPUT (`invalid_json`). */
export async function readJson(request: Request): Promise<unknown> {
  const text = await request.text()
  if (text.trim() === '') return {}
  try {
    return JSON.parse(text) as unknown
  } catch {
    throw new AppError('INVALID_INPUT', 'Body is not JSON', { issues: [{ path: '', message: 'invalid_json' }] })
  }
}

/** Parses URL search params with a zod schema; bad input becomes INVALID_INPUT (400). */
export function parseQuery<T>(request: Request, schema: { parse(input: unknown): T }): T {
  const url = new URL(request.url)
  return schema.parse(Object.fromEntries(url.searchParams))
}

/**
 * The body of a form post (urlencoded or multipart). Anything else, or a body that does not parse
 * as the form it claims to be, is the client's mistake: INVALID_INPUT (400), never a 500.
 */
export async function readForm(request: Request): Promise<FormData> {
  const type = request.headers.get('content-type') ?? ''
  if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(type)) {
    throw new AppError('INVALID_INPUT', 'Expected a form body (application/x-www-form-urlencoded)')
  }
  try {
    return await request.formData()
  } catch {
    throw new AppError('INVALID_INPUT', 'The form body could not be read')
  }
}

/**
 * The methods a REST route answers, and 405 with `Allow` for every other method: without it a
 * wrong method on an API path falls through to the HTML app shell.
 */
export function restHandlers<H extends Partial<Record<'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', unknown>>>(
  handlers: H,
): H & { ANY: () => Response } {
  const methods = Object.keys(handlers)
  const allow = (methods.includes('GET') ? [...methods, 'HEAD'] : methods).join(', ')
  return {
    ...handlers,
    ANY: () =>
      json({ error: { code: 'METHOD_NOT_ALLOWED', message: `Use ${allow}` } }, { status: 405, headers: { allow } }),
  }
}

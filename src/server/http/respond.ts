import { ZodError } from 'zod'
import { AppError, isAppError } from '../../modules/errors/app-error'
import { reportServerError } from '../error-reporting'
import { log } from '../log'

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

/** Turns any thrown value into a JSON error response; internals never leak to the client. */
export function errorResponse(error: unknown): Response {
  const appError = toAppError(error)
  if (appError.code === 'INTERNAL') {
    log.error({ err: error }, 'unhandled error in API handler')
    reportServerError(error)
  }
  const headers: Record<string, string> = {}
  if (appError.retryAfterSeconds) headers['retry-after'] = String(appError.retryAfterSeconds)
  return json(
    { error: { code: appError.code, message: appError.message, issues: appError.issues } },
    { status: appError.status, headers },
  )
}

export function toAppError(error: unknown): AppError {
  if (isAppError(error)) return error
  if (error instanceof ZodError) {
    return new AppError('INVALID_INPUT', 'Invalid input', {
      issues: error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
    })
  }
  return new AppError('INTERNAL', 'Internal Server Error', { cause: error })
}

/** Wraps an API handler so every error becomes a coded JSON response. */
export interface HandlerCtx {
  request: Request
  params?: Record<string, string | undefined>
}

export function handle(fn: (ctx: HandlerCtx) => Promise<Response>) {
  return async (ctx: HandlerCtx): Promise<Response> => {
    try {
      return await fn(ctx)
    } catch (error) {
      return errorResponse(error)
    }
  }
}

/** Parses URL search params with a zod schema; bad input becomes INVALID_INPUT (400). */
export function parseQuery<T>(request: Request, schema: { parse(input: unknown): T }): T {
  const url = new URL(request.url)
  return schema.parse(Object.fromEntries(url.searchParams))
}

/**
 * The answer while the database is away: 503 with Retry-After, JSON for API and server-function
 * calls, otherwise a small localized page. It needs nothing but the request (no database, no
 * React render), so it works in exactly the situation it is for.
 */
import { config } from '../../../app.config'
import { AppError } from '~/modules/errors/app-error'
import { activateLocale, createI18n } from '~/modules/i18n/i18n'
import { detectLocale, LOCALE_COOKIE } from '~/modules/i18n/locales'
import { UNAVAILABLE_TEXT } from '~/modules/shell/unavailable-text'
import { requestCookies } from './cookies'
import { errorResponse } from './respond'

const RETRY_AFTER_SECONDS = 5

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

function wantsJson(request: Request, pathname: string): boolean {
  return (
    pathname.startsWith('/api/') ||
    pathname.startsWith('/_serverFn') ||
    request.headers.has('x-tsr-serverfn') ||
    (request.headers.get('accept') ?? '').includes('application/json')
  )
}

export async function unavailableResponse(request: Request): Promise<Response> {
  const { pathname } = new URL(request.url)
  if (wantsJson(request, pathname)) {
    return errorResponse(
      new AppError('UNAVAILABLE', 'Service temporarily unavailable, try again shortly', {
        retryAfterSeconds: RETRY_AFTER_SECONDS,
      }),
    )
  }
  const i18n = createI18n()
  const locale = await activateLocale(
    i18n,
    detectLocale({
      pathname,
      cookie: requestCookies(request).get(LOCALE_COOKIE),
      acceptLanguage: request.headers.get('accept-language') ?? undefined,
      fallback: config().LOCALE_FALLBACK,
    }),
  )
  const title = i18n._(UNAVAILABLE_TEXT.title)
  const body = i18n._(UNAVAILABLE_TEXT.body)
  const retry = i18n._(UNAVAILABLE_TEXT.retry)
  const html = `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escape(title)} · TopUp Hub</title><style>body{font-family:system-ui,sans-serif;display:flex;min-height:100vh;align-items:center;justify-content:center;margin:0;background:#f5f6fb;color:#111}main{background:#fff;padding:2rem;border-radius:1rem;box-shadow:0 10px 30px #0001;max-width:28rem;text-align:center}p.code{font-size:3rem;font-weight:900;color:#4f46e5;margin:0}a{background:#4f46e5;color:#fff;border-radius:.5rem;padding:.6rem 1.2rem;text-decoration:none;display:inline-block}</style></head><body><main data-status="503"><p class="code">503</p><h1>${escape(title)}</h1><p>${escape(body)}</p><p><a href="${escape(pathname)}">${escape(retry)}</a></p></main></body></html>`
  return new Response(html, {
    status: 503,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'retry-after': String(RETRY_AFTER_SECONDS),
    },
  })
}

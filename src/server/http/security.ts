/**
 * Security headers and cross-site request refusal, applied to every response by the server entry.
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import { randomBytes } from 'node:crypto'
import { config } from '../../../app.config'

const nonceStore = new AsyncLocalStorage<string>()

export function newNonce(): string {
  return randomBytes(16).toString('base64')
}

/** Runs the request with its CSP nonce available to the router (inline scripts carry it). */
export function runWithNonce<T>(nonce: string, fn: () => T): T {
  return nonceStore.run(nonce, fn)
}

export function currentNonce(): string | undefined {
  return nonceStore.getStore()
}

globalThis.__cspNonce = currentNonce

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined
  try {
    return new URL(url).origin
  } catch {
    return undefined // a same-site path such as /chat.js needs no extra source
  }
}

/** Payment pages of the sandbox gateway may be framed by our own pages; nothing else may be. */
function frameAncestors(pathname: string): string {
  return pathname.startsWith('/api/pay/') ? "'self'" : "'none'"
}

export function contentSecurityPolicy(nonce: string, pathname: string): string {
  const cfg = config()
  const thirdParty = [
    originOf(cfg.LIVE_CHAT_SCRIPT_URL),
    cfg.ANALYTICS_ID ? originOf(cfg.ANALYTICS_SCRIPT_URL) : undefined,
  ]
    .filter((o): o is string => Boolean(o))
    .join(' ')
  const reporting = originOf(cfg.SENTRY_DSN) ?? ''
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' ${thirdParty}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src 'self' ${reporting} ${thirdParty}`.trim(),
    `frame-ancestors ${frameAncestors(pathname)}`,
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ')
}

export function applySecurityHeaders(request: Request, response: Response, nonce: string): Response {
  const url = new URL(request.url)
  const headers = new Headers(response.headers)
  const type = headers.get('content-type') ?? ''
  if (type.includes('text/html')) headers.set('content-security-policy', contentSecurityPolicy(nonce, url.pathname))
  headers.set('x-content-type-options', 'nosniff')
  headers.set('referrer-policy', 'strict-origin-when-cross-origin')
  headers.set('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=(self)')
  if (!url.pathname.startsWith('/api/pay/')) headers.set('x-frame-options', 'DENY')
  const https = url.protocol === 'https:' || request.headers.get('x-forwarded-proto') === 'https'
  if (https) headers.set('strict-transport-security', 'max-age=31536000; includeSubDomains')
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers })
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Paths that other servers call (webhooks, the OAuth token endpoint) legitimately come without a
 * same-origin browser context; they authenticate by signature or client secret instead.
 */
const CROSS_SITE_ALLOWED = [/^\/api\/pay\/webhooks\//, /^\/oauth2\/token$/, /^\/oauth2\/revoke$/, /^\/userinfo$/]

/** Cross-site state-changing requests (forms or fetches from other sites) are refused with 403. */
export function isCrossSiteWrite(request: Request): boolean {
  if (SAFE_METHODS.has(request.method)) return false
  const url = new URL(request.url)
  if (CROSS_SITE_ALLOWED.some((re) => re.test(url.pathname))) return false
  const site = request.headers.get('sec-fetch-site')
  if (site === 'cross-site' || site === 'same-site') return true
  const origin = request.headers.get('origin')
  if (origin && origin !== 'null') {
    const allowed = new Set([url.origin, originOf(config().PUBLIC_ORIGIN)])
    return !allowed.has(origin)
  }
  if (origin === 'null') return true
  return false
}

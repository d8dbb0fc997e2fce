/**
 * Security headers and cross-site request refusal, applied to every response by the server entry.
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import { randomBytes } from 'node:crypto'
import { config } from '../../../app.config'
import { stripLocale } from '~/modules/i18n/locales'
import { isHttpsRequest } from './client-ip'

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

/** The pages of the silent sign-in check, which runs in a hidden frame of our own pages (SPEC §9). */
const SILENT_CHECK_PAGES = new Set(['/login', '/auth/callback', '/auth/signed-in'])

/**
 * Payment pages of the sandbox gateway and the silent check's pages may be framed by our own
 * pages; nothing else may be.
 */
function frameableBySelf(pathname: string): boolean {
  return pathname.startsWith('/api/pay/') || SILENT_CHECK_PAGES.has(stripLocale(pathname))
}

function frameAncestors(pathname: string): string {
  return frameableBySelf(pathname) ? "'self'" : "'none'"
}

/**
 * The page's CSP. Inline scripts are allowed by the response's nonce, or by their hashes for
 * cached pages whose bytes everyone shares (html-cache.ts).
 */
export function contentSecurityPolicy(inline: string | readonly string[], pathname: string): string {
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
    `script-src 'self' ${typeof inline === 'string' ? `'nonce-${inline}'` : inline.join(' ')} ${thirdParty}`
      .replace(/\s+/g, ' ')
      .trim(),
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

/**
 * The headers every response carries. `html` adds the CSP (with this response's nonce); responses
 * whose type is not known yet (the authorization server writes its own, see oidc/handle.ts) get it
 * too: a CSP on JSON is harmless.
 */
export function securityHeaders(request: Request, nonce: string, html: boolean): Record<string, string> {
  const { pathname } = new URL(request.url)
  const headers: Record<string, string> = {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(self)',
  }
  if (html) headers['content-security-policy'] = contentSecurityPolicy(nonce, pathname)
  headers['x-frame-options'] = frameableBySelf(pathname) ? 'SAMEORIGIN' : 'DENY'
  if (isHttpsRequest(request)) headers['strict-transport-security'] = 'max-age=31536000; includeSubDomains'
  return headers
}

export function applySecurityHeaders(request: Request, response: Response, nonce: string): Response {
  const html =
    (response.headers.get('content-type') ?? '').includes('text/html') &&
    !response.headers.has('content-security-policy')
  const extra = Object.entries(securityHeaders(request, nonce, html))
  try {
    // In place, so the body is not re-wrapped (a cached page's bytes go out as they are)...
    for (const [name, value] of extra) response.headers.set(name, value)
    return response
  } catch {
    // ...except where the headers are immutable (Response.redirect, a fetched response): a copy.
    const headers = new Headers(response.headers)
    for (const [name, value] of extra) headers.set(name, value)
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers })
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Paths that other servers call (webhooks, the OAuth token endpoint) legitimately come without a
 * same-origin browser context; they authenticate by signature or client secret instead.
 */
const CROSS_SITE_ALLOWED = [/^\/api\/pay\/webhooks\//, /^\/oauth2\/token$/, /^\/oauth2\/revoke$/, /^\/userinfo$/]

/**
 * The one origin whose pages may write: PUBLIC_ORIGIN when set. Not the request's own origin then,
 * which comes from its Host header: a DNS-rebinding page (evil.example pointed at our address) has
 * its browser send `Origin: http://evil.example` and `Host: evil.example`, and even `Sec-Fetch-Site:
 * same-origin`. Without PUBLIC_ORIGIN (the embedded quick start, development) the request's own
 * origin, so any local address works.
 */
export function isOwnOrigin(origin: string, requestUrl: string): boolean {
  return origin === (originOf(config().PUBLIC_ORIGIN) ?? new URL(requestUrl).origin)
}

/** Cross-site state-changing requests (forms or fetches from other sites) are refused with 403. */
export function isCrossSiteWrite(request: Request): boolean {
  if (SAFE_METHODS.has(request.method)) return false
  const url = new URL(request.url)
  if (CROSS_SITE_ALLOWED.some((re) => re.test(url.pathname))) return false
  const site = request.headers.get('sec-fetch-site')
  if (site === 'cross-site' || site === 'same-site') return true
  const origin = request.headers.get('origin')
  if (origin === null) return false
  return origin === 'null' || !isOwnOrigin(origin, request.url)
}

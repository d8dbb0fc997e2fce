/**
 * The shared HTML cache for anonymous catalogue and content pages (ADR 042-html-cache).
 *
 * A page is rendered once per key and then served from memory: the key holds every input that
 * changes the HTML (build, origin, path and search, locale and with it the currency, cookie-notice
 * state). The colour-mode preference lives in the browser's storage and never reaches the server:
 * every page is rendered for "system" and the inline head script applies the stored choice.
 * Signed-in requests (a session cookie), responses that set a cookie or say they are private never
 * enter it. Entries die on any cache invalidation (cache.ts: the same write hooks as the read cache,
 * on every instance), are fresh for FRESH_MS and then served stale for up to STALE_MS while one
 * background render refreshes them; concurrent misses of one key share one render.
 *
 * Cached bytes are identical for everyone, so their CSP allows inline scripts by hash instead of a
 * per-response nonce, and brotli and gzip variants are made once, when the entry is filled.
 */
import { createHash } from 'node:crypto'
import { FastResponse } from 'srvx'
import { promisify } from 'node:util'
import { brotliCompress, constants as zlib, gzip } from 'node:zlib'
import { config } from '../../../app.config'
import { LOCALE_CURRENCY } from '~/modules/catalog/money'
import { detectLocale, localeCookieNeeded, localeFromPath, LOCALE_COOKIE, stripLocale } from '~/modules/i18n/locales'
import { COOKIE_NOTICE_COOKIE } from '~/modules/shell/cookie-notice'
import { cacheGeneration } from '~/server/cache'
import { log } from '~/server/log'
import { htmlCacheServed } from '~/server/metrics'
import { requestCookies } from './cookies'
import { cacheControl } from './respond'
import { contentSecurityPolicy, newNonce } from './security'

const FRESH_MS = 10_000
const STALE_MS = 60_000
const MAX_ENTRIES = 1_000
/** Identity + brotli + gzip bytes of all entries together. */
const MAX_BYTES = 48 * 1024 * 1024
/** Shared caches (CDN) follow the same rhythm; they cannot hear our invalidations, so keep it short. */
const SHARED_POLICY = cacheControl({ sMaxAge: FRESH_MS / 1000, staleWhileRevalidate: STALE_MS / 1000 })

/** Catalogue and content pages, without their locale prefix. Everything else is rendered per request. */
const CACHEABLE_PATHS = [
  /^\/$/,
  /^\/news$/,
  /^\/offer\/\d+$/,
  /^\/categories\/[^/]+$/,
  /^\/articles\/[^/]+$/,
  /^\/(?:about-us|contact-us|how-to-buy|refund-policy|payments)$/,
  /^\/payment\/payPalGuide$/,
]

/** The session cookie (auth/session-cookie.server.ts): its mere presence makes a request personal. */
const SESSION_COOKIE = 'session'

export interface PageKey {
  id: string
  /** Without a locale prefix the page also depends on Accept-Language. */
  prefixed: boolean
}

interface Entry {
  id: string
  identity: Buffer
  br: Buffer
  gzip: Buffer
  csp: string
  etag: string
  filledAt: number
  generation: number
  bytes: number
}

type Fill = { entry: Entry } | { response: Response }

export type Render = (request: Request, nonce: string) => Promise<Response>

const entries = new Map<string, Entry>()
const inflight = new Map<string, Promise<Fill>>()
let totalBytes = 0

/** The cache key of an anonymous page request, or undefined when the request must be rendered. */
export function anonymousPageKey(request: Request): PageKey | undefined {
  if (request.method !== 'GET') return undefined
  const url = new URL(request.url)
  const bare = stripLocale(url.pathname)
  if (!CACHEABLE_PATHS.some((re) => re.test(bare))) return undefined
  if (url.searchParams.has('ref')) return undefined // a referral click: recorded, cookie set, redirected
  const jar = requestCookies(request)
  if (jar.has(SESSION_COOKIE)) return undefined
  const inputs = {
    pathname: url.pathname,
    cookie: jar.get(LOCALE_COOKIE),
    acceptLanguage: request.headers.get('accept-language'),
    fallback: config().LOCALE_FALLBACK,
  }
  const locale = detectLocale(inputs)
  // This response will store the locale cookie: rendered for this visitor only.
  if (localeCookieNeeded(inputs, locale)) return undefined
  const id = [
    __BUILD_ID__,
    url.origin,
    request.headers.get('x-forwarded-host') ?? '',
    request.headers.get('x-forwarded-proto') ?? '',
    locale,
    LOCALE_CURRENCY[locale],
    jar.get(COOKIE_NOTICE_COOKIE) === 'true' ? 'notice-dismissed' : 'notice',
    url.pathname + url.search,
  ].join('\n')
  return { id, prefixed: localeFromPath(url.pathname) !== undefined }
}

/** Cookie-free anonymous pages may sit in shared caches; everything else is private. */
export function withHtmlCachePolicy(request: Request, response: Response, key: PageKey | undefined): Response {
  const type = response.headers.get('content-type') ?? ''
  if (!type.includes('text/html') || request.method !== 'GET') return response
  const headers = new Headers(response.headers)
  if (key && storable(response)) {
    headers.set('cache-control', SHARED_POLICY)
    headers.set('vary', vary(key))
  } else {
    headers.set('cache-control', 'private, no-store')
    headers.set('vary', 'Accept-Language, Cookie')
  }
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers })
}

function vary(key: PageKey): string {
  return key.prefixed ? 'Accept-Encoding, Cookie' : 'Accept-Encoding, Accept-Language, Cookie'
}

function storable(response: Response): boolean {
  if (response.status !== 200) return false
  if (!(response.headers.get('content-type') ?? '').includes('text/html')) return false
  if (response.headers.has('set-cookie')) return false
  return !/private|no-store/.test(response.headers.get('cache-control') ?? '')
}

/** Serves an anonymous page from the cache, rendering it (once for all concurrent callers) when needed. */
export async function serveAnonymousPage(
  request: Request,
  key: PageKey,
  nonce: string,
  render: Render,
): Promise<Response> {
  const entry = entries.get(key.id)
  if (entry && entry.generation === cacheGeneration()) {
    const age = Date.now() - entry.filledAt
    if (age < FRESH_MS) return respond(entry, request, key, 'hit')
    if (age < FRESH_MS + STALE_MS) {
      if (!inflight.has(key.id)) {
        void coalescedFill(key, request, newNonce(), render).catch((err: unknown) =>
          log.warn({ err: (err as Error).message, key: key.id }, 'html cache refresh failed'),
        )
      }
      return respond(entry, request, key, 'stale')
    }
  }
  const leading = !inflight.has(key.id)
  const filled = await coalescedFill(key, request, nonce, render)
  if ('entry' in filled) return respond(filled.entry, request, key, leading ? 'miss' : 'coalesced')
  // Not storable (an error page, a cookie): the leader answers with its own render; the callers
  // that waited for it render for themselves.
  if (leading) return withHtmlCachePolicy(request, filled.response, key)
  return withHtmlCachePolicy(request, await render(request, nonce), key)
}

function coalescedFill(key: PageKey, request: Request, nonce: string, render: Render): Promise<Fill> {
  let pending = inflight.get(key.id)
  if (!pending) {
    pending = fillEntry(key, request, nonce, render).finally(() => inflight.delete(key.id))
    inflight.set(key.id, pending)
  }
  return pending
}

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/** Inline script bodies of a page (their CSP hashes); `src` scripts are covered by 'self'. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>()
  for (const m of html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
    hashes.add(
      `'sha256-${createHash('sha256')
        .update(m[1] ?? '')
        .digest('base64')}'`,
    )
  }
  return [...hashes]
}

async function fillEntry(key: PageKey, request: Request, nonce: string, render: Render): Promise<Fill> {
  const generation = cacheGeneration()
  // A copy without the caller's abort signal: a visitor who leaves must not cancel a shared render.
  const response = await render(new Request(request.url, { headers: request.headers }), nonce)
  if (!storable(response)) return { response }
  // The nonce would be shared by everyone who gets these bytes: take it out, allow scripts by hash.
  const html = (await response.text())
    .replaceAll(`<meta property="csp-nonce" content="${nonce}"/>`, '')
    .replaceAll(` nonce="${nonce}"`, '')
  const identity = Buffer.from(html)
  const [br, gz] = await Promise.all([
    brotli(identity, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: 6, [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length },
    }),
    gzipAsync(identity, { level: 6 }),
  ])
  const entry: Entry = {
    id: key.id,
    identity,
    br,
    gzip: gz,
    csp: contentSecurityPolicy(inlineScriptHashes(html), new URL(request.url).pathname),
    etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
    filledAt: Date.now(),
    generation,
    bytes: identity.length + br.length + gz.length,
  }
  // A write during the render may not be in these bytes: answer the waiting callers, keep nothing.
  if (generation === cacheGeneration()) store(entry)
  return { entry }
}

function store(entry: Entry): void {
  const old = entries.get(entry.id)
  if (old) {
    entries.delete(entry.id)
    totalBytes -= old.bytes
  }
  entries.set(entry.id, entry)
  totalBytes += entry.bytes
  // Oldest first (Map order; hits move an entry to the end).
  for (const [id, e] of entries) {
    if (entries.size <= MAX_ENTRIES && totalBytes <= MAX_BYTES) break
    entries.delete(id)
    totalBytes -= e.bytes
  }
}

/** x-html-cache: fresh hit, stale hit (a refresh is under way), the render, or waited for the render. */
type CacheState = 'hit' | 'stale' | 'miss' | 'coalesced'

function respond(entry: Entry, request: Request, key: PageKey, state: CacheState): Response {
  htmlCacheServed(state)
  if (state === 'hit' && entries.get(entry.id) === entry) {
    entries.delete(entry.id) // keep recently used entries at the end of the eviction order
    entries.set(entry.id, entry)
  }
  const headers: Record<string, string> = {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': entry.csp,
    'cache-control': SHARED_POLICY,
    vary: vary(key),
    etag: entry.etag,
    'x-html-cache': state,
  }
  if (request.headers.get('if-none-match') === entry.etag) return new Response(null, { status: 304, headers })
  const accept = request.headers.get('accept-encoding') ?? ''
  let body = entry.identity
  if (/\bbr\b/.test(accept)) {
    body = entry.br
    headers['content-encoding'] = 'br'
  } else if (/\bgzip\b/.test(accept)) {
    body = entry.gzip
    headers['content-encoding'] = 'gzip'
  }
  headers['content-length'] = String(body.length)
  // srvx's FastResponse: the Node adapter writes the cached Buffer as it is, where a web Response
  // would copy it and stream it back out (issue 11: a hit costs little more than static bytes).
  return new FastResponse(body as Uint8Array<ArrayBuffer>, { status: 200, headers })
}

/**
 * A fresh hit for an anonymous page request, or undefined (stale, missing, not cacheable): the
 * door's first question, before anything else a request costs. Stale entries and misses take the
 * full path, which refreshes or renders them.
 */
export function freshHit(request: Request): Response | undefined {
  if (request.method !== 'GET' || entries.size === 0) return undefined
  const key = anonymousPageKey(request)
  const entry = key && entries.get(key.id)
  if (!key || !entry || entry.generation !== cacheGeneration() || Date.now() - entry.filledAt >= FRESH_MS) {
    return undefined
  }
  return respond(entry, request, key, 'hit')
}

/** Entry count and bytes, for the monitor and the memory bench. */
export function htmlCacheStats(): { entries: number; bytes: number } {
  return { entries: entries.size, bytes: totalBytes }
}

import { createServerEntry, createStartHandler, defaultStreamHandler } from '@tanstack/react-start/server'
import { config } from '../app.config'
import { boot, demoAccountsBanner, ensureStarted, shutdown, start } from './app/boot'
import { wireApp } from './app/wiring'
import { AppError } from './modules/errors/app-error'
import { refreshTestClock } from './modules/time/test-clock.server'
import { getDb } from './server/db/client'
import { databaseLost, isReady } from './server/db/availability'
import {
  anonymousPageKey,
  freshHit,
  serveAnonymousPage,
  withHtmlCachePolicy,
  type Render,
} from './server/http/html-cache'
import { redirectResponse } from './app/redirects'
import { errorResponse } from './server/http/respond'
import { SERVER_FN_PREFIX, guardServerFnCall } from './server/http/server-fn-guard'
import { applySecurityHeaders, isCrossSiteWrite, newNonce, runWithNonce } from './server/http/security'
import { unavailableResponse } from './server/http/unavailable'
import { requestIdFor, withRequestId } from './server/request-id'
import { log } from './server/log'

// Ports connected to their adapters before the first request (dev server, server.mjs, scripts).
wireApp()

const startHandler = createStartHandler(defaultStreamHandler)

const render: Render = async (request, nonce) => runWithNonce(nonce, () => startHandler(request))

async function route(request: Request, nonce: string): Promise<Response> {
  if (isCrossSiteWrite(request)) {
    return errorResponse(new AppError('FORBIDDEN', 'Cross-site request refused'))
  }
  const { pathname } = new URL(request.url)
  // Liveness and readiness answer whatever the database does (readiness reports on it).
  if (pathname === '/healthz' || pathname === '/readyz') {
    void ensureStarted() // the dev server has no server.mjs to start the database
    return startHandler(request)
  }
  await ensureStarted()
  if (!isReady()) return unavailableResponse(request)
  try {
    // The workshop's test clock (ALLOW_TEST_CLOCK only; otherwise returns at once): the moved
    // "now" holds for this request whichever instance moved it.
    await refreshTestClock(getDb)
    // SPEC §4 global redirects: answered from an in-process map before anything renders.
    const redirect = await redirectResponse(request)
    if (redirect) return redirect
    const isServerFn = pathname.startsWith(SERVER_FN_PREFIX)
    // Anonymous catalogue and content pages come from the shared HTML cache.
    const key = isServerFn ? undefined : anonymousPageKey(request)
    const response = isServerFn
      ? await guardServerFnCall(request, () => render(request, nonce))
      : key
        ? await serveAnonymousPage(request, key, nonce, render)
        : await render(request, nonce)
    // A page or server function that failed because the database went away is a 503, not a 500.
    if (response.status >= 500 && (await databaseLost())) return unavailableResponse(request)
    return isServerFn || key ? response : withHtmlCachePolicy(request, response, undefined)
  } catch (error) {
    if (await databaseLost(error)) return unavailableResponse(request)
    throw error
  }
}

/**
 * A path with repeated slashes (`//x`, `/a//b`): Start would redirect it to an absolute URL built
 * from the Host header (`Host: evil.example` → `Location: http://evil.example/x`, an open
 * redirect). Answered here first, with a relative Location on this site.
 */
function collapsedSlashes(url: URL): Response | undefined {
  if (!url.pathname.includes('//')) return undefined
  const location = url.pathname.replace(/\/{2,}/g, '/') + url.search
  return new Response(null, { status: 308, headers: { location, 'cache-control': 'no-store' } })
}

async function answer(request: Request, url: URL): Promise<Response> {
  // A fresh anonymous page from the shared cache answers before anything else runs (its bytes
  // carry a hash-based CSP, so the nonce is not used for it).
  // Only while the database is ready: without it every page is the 503 page (start-without-database).
  const early = collapsedSlashes(url) ?? (isReady() ? freshHit(request) : undefined)
  const nonce = early ? '' : newNonce()
  return applySecurityHeaders(request, early ?? (await route(request, nonce)), nonce)
}

export default createServerEntry({
  fetch(request) {
    const started = performance.now()
    const requestId = requestIdFor(request)
    return withRequestId(requestId, async () => {
      const url = new URL(request.url)
      const response = await answer(request, url)
      response.headers.set('x-request-id', requestId)
      log.info(
        {
          method: request.method,
          route: url.pathname,
          status: response.status,
          ms: Math.round(performance.now() - started),
        },
        'request',
      )
      return response
    })
  },
})

export { boot, demoAccountsBanner, shutdown, start }

/** Parses the configuration now, so a bad setting stops the process before it listens. */
export function checkConfig(): void {
  config()
}

export { runOpsCommand } from './app/ops-command'
export { runSupplierSandbox } from './app/supplier-service'
export { beginShutdown } from './server/shutdown'
export { metricsResponse } from './server/metrics/endpoint'
export { recordHttpRequest, traceHttpRequest } from './app/http-metrics'

/** Where server.mjs listens (PORT, HOST), read through the one config schema. */
export function listenAddress(): { port: number; hostname: string } {
  return { port: config().PORT, hostname: config().HOST }
}

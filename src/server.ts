import { createServerEntry, createStartHandler, defaultStreamHandler } from '@tanstack/react-start/server'
import { randomUUID } from 'node:crypto'
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

export default createServerEntry({
  async fetch(request) {
    const started = performance.now()
    const requestId = request.headers.get('x-request-id')?.slice(0, 64) || randomUUID()
    // A fresh anonymous page from the shared cache answers before anything else runs (its bytes
    // carry a hash-based CSP, so the nonce is not used for it).
    // Only while the database is ready: without it every page is the 503 page (start-without-database).
    const hit = isReady() ? freshHit(request) : undefined
    const nonce = hit ? '' : newNonce()
    const response = applySecurityHeaders(request, hit ?? (await route(request, nonce)), nonce)
    response.headers.set('x-request-id', requestId)
    const url = new URL(request.url)
    log.info(
      {
        id: requestId,
        method: request.method,
        route: url.pathname,
        status: response.status,
        ms: Math.round(performance.now() - started),
      },
      'request',
    )
    return response
  },
})

export { boot, demoAccountsBanner, shutdown, start }

/** Parses the configuration now, so a bad setting stops the process before it listens. */
export function checkConfig(): void {
  config()
}

export { runOpsCommand } from './app/ops-command'
export { beginShutdown } from './server/shutdown'
export { metricsResponse } from './server/metrics/endpoint'
export { recordHttpRequest } from './app/http-metrics'

/** Where server.mjs listens (PORT, HOST), read through the one config schema. */
export function listenAddress(): { port: number; hostname: string } {
  return { port: config().PORT, hostname: config().HOST }
}

import { createServerEntry, createStartHandler, defaultStreamHandler } from '@tanstack/react-start/server'
import { randomUUID } from 'node:crypto'
import { AppError } from './modules/errors/app-error'
import { boot, demoAccountsBanner, shutdown } from './server/boot'
import { withHtmlCachePolicy } from './server/http/html-cache'
import { redirectResponse } from './server/http/redirects'
import { errorResponse } from './server/http/respond'
import { applySecurityHeaders, isCrossSiteWrite, newNonce, runWithNonce } from './server/http/security'
import { log } from './server/log'

const startHandler = createStartHandler(defaultStreamHandler)

async function route(request: Request, nonce: string): Promise<Response> {
  if (isCrossSiteWrite(request)) {
    return errorResponse(new AppError('FORBIDDEN', 'Cross-site request refused'))
  }
  // Every request waits for boot (migrations, demo seed) once; later requests find it done.
  // Liveness must answer even while the database is unavailable.
  if (new URL(request.url).pathname !== '/healthz') await boot()
  // SPEC §4 global redirects: answered from an in-process map before anything renders.
  const redirect = await redirectResponse(request)
  if (redirect) return redirect
  return withHtmlCachePolicy(request, await runWithNonce(nonce, () => startHandler(request)))
}

export default createServerEntry({
  async fetch(request) {
    const started = performance.now()
    const requestId = request.headers.get('x-request-id')?.slice(0, 64) || randomUUID()
    const nonce = newNonce()
    const response = applySecurityHeaders(request, await route(request, nonce), nonce)
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

export { boot, demoAccountsBanner, shutdown }

/**
 * The route template of a request for `http_request_duration_seconds` (ADR 094): the matched
 * route's id from the app's own route tree (`/{-$locale}/offer/$id`, `/api/orders/$id`), so the
 * label set stays as small as the route list whatever paths clients send.
 */
import { createRouter } from '@tanstack/react-router'
import { routeTree } from '~/routeTree.gen'
import { observeHttpRequest } from '~/server/metrics/endpoint'
import { tracedRequest } from '~/server/tracing'

// Only for matching: no context, nothing is ever loaded or rendered through it.
const router = createRouter({ routeTree, caseSensitive: true, context: undefined as never })
const SERVER_FN = '/_serverFn/'

export function routeTemplate(pathname: string): string {
  if (pathname.startsWith('/assets/')) return '/assets/$'
  if (pathname.startsWith(SERVER_FN)) return '/_serverFn/$id'
  // Auth-server endpoints and other paths outside the route tree fall to the catch-all.
  const [, , found] = router.getMatchedRoutes(pathname)
  return found?.id ?? '$unmatched'
}

/** server.mjs calls this once a response has started (every request, static files included). */
export function recordHttpRequest(request: Request, status: number, seconds: number): void {
  observeHttpRequest(routeTemplate(new URL(request.url).pathname), request.method, status, seconds)
}

/** server.mjs runs every request inside this: its span, named by the same route template (ADR 127). */
export function traceHttpRequest(request: Request, run: () => Promise<Response>): Promise<Response> {
  return tracedRequest(request, routeTemplate(new URL(request.url).pathname), run)
}

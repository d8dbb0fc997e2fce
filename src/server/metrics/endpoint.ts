/**
 * GET /metrics (server.mjs answers it before the app, so it works while the database is away):
 * only with `Authorization: Bearer $METRICS_TOKEN`; 404 when no token is configured, as if the
 * endpoint did not exist. Gauges of shared state are read at scrape time.
 */
import { timingSafeEqual } from 'node:crypto'
import { config } from '../../../app.config'
import { collectAtScrape } from './scrape'
import { httpRequestDuration, registry } from './registry'

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

export async function metricsResponse(request: Request): Promise<Response> {
  const token = config().METRICS_TOKEN
  if (!token) return new Response('Not found\n', { status: 404, headers: { 'content-type': 'text/plain' } })
  const given = /^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1]
  if (!given || !sameSecret(given, token)) {
    return new Response(
      JSON.stringify({ error: { code: 'UNAUTHENTICATED', message: 'Metrics need the bearer token' } }),
      {
        status: 401,
        headers: { 'content-type': 'application/json', 'www-authenticate': 'Bearer realm="metrics"' },
      },
    )
  }
  await collectAtScrape()
  return new Response(await registry.metrics(), {
    headers: { 'content-type': registry.contentType, 'cache-control': 'no-store' },
  })
}

/** One answered request: `route` is its template (`/{-$locale}/offer/$id`), never the raw path. */
export function observeHttpRequest(route: string, method: string, status: number, seconds: number): void {
  httpRequestDuration.observe({ route, method, status: String(status) }, seconds)
}

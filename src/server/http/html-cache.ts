import { cacheControl } from './respond'

/**
 * Cache policy for rendered pages. Anonymous HTML may sit in a CDN for a minute and be served
 * stale while revalidating; it varies on the locale inputs. Responses that set cookies or carry
 * a session are private.
 */
export function withHtmlCachePolicy(request: Request, response: Response): Response {
  const type = response.headers.get('content-type') ?? ''
  if (!type.includes('text/html') || request.method !== 'GET') return response
  const headers = new Headers(response.headers)
  const personal = headers.has('set-cookie') || /(?:^|;\s*)session=/.test(request.headers.get('cookie') ?? '')
  if (response.status !== 200 || personal) {
    headers.set('cache-control', 'private, no-store')
  } else if (!headers.has('cache-control')) {
    headers.set('cache-control', cacheControl({ sMaxAge: 60, staleWhileRevalidate: 600 }))
  }
  headers.set('vary', 'Accept-Language, Cookie')
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers })
}

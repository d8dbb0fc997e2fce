/** The request pipeline's redirect step (src/server.ts): the content module's redirect map, answered as HTTP. */
import { findRedirect } from '~/modules/cms/redirects'
import { getRedirectMap } from '~/modules/cms/redirects.server'
import { getDb } from '~/server/db/client'
import { cacheControl } from '~/server/http/respond'

/**
 * SPEC §2/§4 global redirects for full page loads, answered before the app renders anything.
 * Only GET/HEAD page navigations are looked up: API, server functions and files never redirect.
 */
export async function redirectResponse(request: Request): Promise<Response | null> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null
  const url = new URL(request.url)
  const path = url.pathname
  if (path.startsWith('/api/') || path.startsWith('/_serverFn') || path.startsWith('/assets/')) return null
  if (path === '/healthz' || path === '/readyz') return null
  if (/\.[a-z0-9]+$/i.test(path)) return null
  const hit = findRedirect(await getRedirectMap(await getDb()), path, url.search)
  if (!hit) return null
  return new Response(null, {
    status: hit.status,
    headers: { location: hit.href, 'cache-control': cacheControl({ sMaxAge: 300 }) },
  })
}

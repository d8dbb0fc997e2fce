/**
 * Runs oidc-provider for one request. The provider is a Node (Koa) handler and parses the raw
 * request stream itself, so nothing may read the body before it; srvx's fetchNodeHandler runs it
 * on the request's own Node req/res (present in dev and prod alike).
 */
import { fetchNodeHandler } from 'srvx/node'
import type { ServerRequest } from 'srvx'
import { currentNonce, newNonce, securityHeaders } from '~/server/http/security'
import { OIDC_PATHS, issuerFor } from './issuer'
import { getProvider } from './provider'

/** Endpoints where the client authenticates itself (token, revocation). */
const CLIENT_AUTH_PATHS = new Set<string>([OIDC_PATHS.token, OIDC_PATHS.revocation])

/**
 * The storefront is registered for client_secret_post (SPEC §7); oidc-provider treats Basic and
 * post as interchangeable for such a client, so Basic is refused here with the RFC 6749 answer.
 */
export function refuseBasicClientAuth(request: Request): Response | undefined {
  const { pathname } = new URL(request.url)
  if (!CLIENT_AUTH_PATHS.has(pathname)) return undefined
  if (!/^basic\s/i.test(request.headers.get('authorization') ?? '')) return undefined
  return Response.json(
    {
      error: 'invalid_client',
      error_description: 'client authentication must use client_secret_post (credentials in the form body)',
    },
    { status: 401, headers: { 'cache-control': 'no-store', 'www-authenticate': 'Basic error="invalid_client"' } },
  )
}

export async function handleOidcRequest(request: Request): Promise<Response> {
  const refused = refuseBasicClientAuth(request)
  if (refused) return refused
  const issuer = issuerFor(request.url)
  const provider = await getProvider(issuer)
  // The provider builds endpoint URLs (discovery, redirects) from the request's Host and, behind
  // a proxy, X-Forwarded-Host/Proto: pin them to the issuer so no client-chosen name is echoed.
  const node = (request as ServerRequest).runtime?.node
  if (node?.req) {
    const { host, protocol } = new URL(issuer)
    node.req.headers.host = host
    delete node.req.headers['x-forwarded-host']
    node.req.headers['x-forwarded-proto'] = protocol.slice(0, -1)
  }
  // The provider writes its answer straight to the socket, past the server entry's header step:
  // the shop's security headers go on the Node response before it starts (it keeps them).
  if (node?.res) {
    for (const [name, value] of Object.entries(securityHeaders(request, currentNonce() ?? newNonce(), true))) {
      node.res.setHeader(name, value)
    }
  }
  return fetchNodeHandler(provider.callback(), request as ServerRequest)
}

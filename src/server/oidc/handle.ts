/**
 * Runs oidc-provider for one request. The provider is a Node (Koa) handler and parses the raw
 * request stream itself, so nothing may read the body before it; srvx's fetchNodeHandler runs it
 * on the request's own Node req/res (present in dev and prod alike).
 */
import { fetchNodeHandler } from 'srvx/node'
import type { ServerRequest } from 'srvx'
import { issuerFor } from './issuer'
import { getProvider } from './provider'

export async function handleOidcRequest(request: Request): Promise<Response> {
  const provider = await getProvider(issuerFor(request.url))
  return fetchNodeHandler(provider.callback(), request as ServerRequest)
}

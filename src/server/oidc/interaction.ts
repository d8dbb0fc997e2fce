/**
 * Finishing the provider's login interaction from our own sign-in page. The provider finds the
 * interaction through its cookie (scoped to the page's path), so these run in the POST handler of
 * that very path. `interactionDetails`/`interactionResult` want Node req/res but only read cookies.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { ServerRequest } from 'srvx'
import { issuerFor } from './issuer'
import { getProvider } from './provider'

function nodePair(request: Request): { req: IncomingMessage; res: ServerResponse } {
  const node = (request as ServerRequest).runtime?.node
  if (node?.req && node.res) return { req: node.req as IncomingMessage, res: node.res as ServerResponse }
  // Not on Node's HTTP server (e.g. an in-process test): a minimal stand-in carrying the cookies.
  const url = new URL(request.url)
  const req = { headers: Object.fromEntries(request.headers), url: url.pathname + url.search, method: request.method }
  return { req: req as unknown as IncomingMessage, res: {} as ServerResponse }
}

export class InteractionExpired extends Error {}

/** Records the signed-in account and returns where the browser continues (the provider's resume URL). */
export async function finishLoginInteraction(request: Request, uid: string, accountId: string): Promise<string> {
  const provider = await getProvider(issuerFor(request.url))
  const { req, res } = nodePair(request)
  try {
    const details = await provider.interactionDetails(req, res)
    if (details.uid !== uid) throw new InteractionExpired('interaction does not match the page')
    return await provider.interactionResult(req, res, { login: { accountId } }, { mergeWithLastSubmission: false })
  } catch (error) {
    if (error instanceof InteractionExpired) throw error
    throw new InteractionExpired('interaction not found', { cause: error })
  }
}

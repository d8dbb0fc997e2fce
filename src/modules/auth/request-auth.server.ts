/**
 * Who is calling an API route: a bearer access token issued by our authorization server (checked
 * in-process against its token store), or the browser's session cookie. Otherwise 401.
 */
import { AppError } from '../errors/app-error'
import { issuerFor } from '../../server/oidc/issuer'
import { getProvider } from '../../server/oidc/provider'
import { sessionByHash } from './session.server'
import { sessionHashFromRequest } from './session-cookie.server'

async function userIdFromBearer(request: Request, token: string): Promise<string | undefined> {
  const provider = await getProvider(issuerFor(request.url))
  const accessToken = await provider.AccessToken.find(token)
  if (!accessToken || accessToken.isExpired || !accessToken.accountId) return undefined
  if (
    !String(accessToken.scope ?? '')
      .split(' ')
      .includes('openid')
  )
    return undefined
  return accessToken.accountId
}

export async function userIdFromRequest(request: Request): Promise<string> {
  const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '')?.[1]
  const userId = bearer
    ? await userIdFromBearer(request, bearer)
    : (await sessionByHash(sessionHashFromRequest(request)))?.userId
  if (!userId) throw new AppError('UNAUTHENTICATED', 'Sign-in required')
  return userId
}

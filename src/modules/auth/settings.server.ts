/** The storefront client's settings for this request: authority, client credentials, endpoints. */
import { config } from '../../../app.config'
import { getDb } from '~/server/db/client'
import { CALLBACK_PATH, OIDC_PATHS, issuerFor } from '~/server/oidc/issuer'
import { loadAuthSecrets } from '~/server/oidc/secrets'

export interface ClientSettings {
  authority: string
  clientId: string
  clientSecret: string
  redirectUri: string
  postLogoutRedirectUri: string
  endpoints: {
    authorization: string
    token: string
    userinfo: string
    endSession: string
    jwks: string
    revocation: string
  }
}

export async function clientSettings(requestUrl: string): Promise<ClientSettings> {
  const authority = issuerFor(requestUrl)
  const { clientSecret } = await loadAuthSecrets(await getDb())
  return {
    authority,
    clientId: config().OIDC_CLIENT_ID,
    clientSecret: config().OIDC_CLIENT_SECRET ?? clientSecret,
    redirectUri: authority + CALLBACK_PATH,
    postLogoutRedirectUri: authority + '/',
    endpoints: {
      authorization: authority + OIDC_PATHS.authorization,
      token: authority + OIDC_PATHS.token,
      userinfo: authority + OIDC_PATHS.userinfo,
      endSession: authority + OIDC_PATHS.end_session,
      jwks: authority + OIDC_PATHS.jwks,
      revocation: authority + OIDC_PATHS.revocation,
    },
  }
}

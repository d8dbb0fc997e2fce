/**
 * The storefront's OAuth/OIDC calls: arctic for the code flow with PKCE S256 and the token
 * endpoint, jose for ID-token verification against the authority's JWKS. Nothing here touches the
 * database or cookies.
 */
import { CodeChallengeMethod, OAuth2Client, OAuth2RequestError, type OAuth2Tokens } from 'arctic'
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose'
import { CLOCK_SKEW_SECONDS, SIGNIN_MESSAGES, SigninError } from './signin-errors'
import type { ClientSettings } from './settings.server'

export const CLIENT_SCOPES = ['openid', 'email', 'profile', 'offline_access']

const client = (s: ClientSettings) => new OAuth2Client(s.clientId, s.clientSecret, s.redirectUri)

export function authorizationUrl(
  settings: ClientSettings,
  input: { state: string; nonce: string; codeVerifier: string; locale?: string },
): string {
  const url = client(settings).createAuthorizationURLWithPKCE(
    settings.endpoints.authorization,
    input.state,
    CodeChallengeMethod.S256,
    input.codeVerifier,
    CLIENT_SCOPES,
  )
  url.searchParams.set('nonce', input.nonce)
  if (input.locale) url.searchParams.set('ui_locales', input.locale)
  return url.toString()
}

export interface TokenSet {
  idToken?: string
  accessToken: string
  refreshToken?: string
  tokenType: string
  scope?: string
  expiresAt: Date
}

function toTokenSet(tokens: OAuth2Tokens): TokenSet {
  const data = tokens.data as Record<string, unknown>
  return {
    idToken: typeof data.id_token === 'string' ? data.id_token : undefined,
    accessToken: tokens.accessToken(),
    refreshToken: tokens.hasRefreshToken() ? tokens.refreshToken() : undefined,
    tokenType: tokens.tokenType(),
    scope: typeof data.scope === 'string' ? data.scope : undefined,
    expiresAt: tokens.accessTokenExpiresAt(),
  }
}

async function tokenCall(call: () => Promise<OAuth2Tokens>): Promise<TokenSet> {
  try {
    return toTokenSet(await call())
  } catch (error) {
    const detail = error instanceof OAuth2RequestError ? error.code : (error as Error).message
    throw new SigninError(SIGNIN_MESSAGES.tokenRequestFailed, detail)
  }
}

export function exchangeCode(settings: ClientSettings, code: string, codeVerifier: string): Promise<TokenSet> {
  return tokenCall(() => client(settings).validateAuthorizationCode(settings.endpoints.token, code, codeVerifier))
}

export function refreshTokens(settings: ClientSettings, refreshToken: string): Promise<TokenSet> {
  return tokenCall(() => client(settings).refreshAccessToken(settings.endpoints.token, refreshToken, []))
}

/** One key set per JWKS URL per process; jose refetches it when it meets an unknown key id. */
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>()

export async function verifyIdToken(settings: ClientSettings, idToken: string): Promise<JWTPayload> {
  let keys = keySets.get(settings.endpoints.jwks)
  if (!keys) {
    keys = createRemoteJWKSet(new URL(settings.endpoints.jwks))
    keySets.set(settings.endpoints.jwks, keys)
  }
  try {
    const { payload } = await jwtVerify(idToken, keys, {
      issuer: settings.authority,
      audience: settings.clientId,
      clockTolerance: CLOCK_SKEW_SECONDS,
      requiredClaims: ['exp', 'iat'],
    })
    return payload
  } catch (error) {
    throw new SigninError(SIGNIN_MESSAGES.invalidIdToken, (error as Error).message)
  }
}

export async function fetchUserinfo(settings: ClientSettings, accessToken: string): Promise<Record<string, unknown>> {
  const response = await fetch(settings.endpoints.userinfo, { headers: { authorization: `Bearer ${accessToken}` } })
  if (!response.ok) throw new SigninError(SIGNIN_MESSAGES.tokenRequestFailed, `userinfo ${response.status}`)
  return (await response.json()) as Record<string, unknown>
}

/**
 * Where the browser ends its session at the authorization server. No id_token_hint: the ID token
 * would otherwise travel through the browser (history, logs), and the client id suffices.
 */
export function endSessionUrl(settings: ClientSettings, postLogoutRedirectUri: string): string {
  const url = new URL(settings.endpoints.endSession)
  url.searchParams.set('client_id', settings.clientId)
  url.searchParams.set('post_logout_redirect_uri', postLogoutRedirectUri)
  return url.toString()
}

/** Best effort: a revoked refresh token cannot outlive the sign-out even if it leaked. */
export async function revokeRefreshToken(settings: ClientSettings, refreshToken: string): Promise<void> {
  await client(settings)
    .revokeToken(settings.endpoints.revocation, refreshToken)
    .catch(() => undefined)
}

/**
 * The storefront's OAuth/OIDC calls: arctic builds the authorization URL (PKCE S256) and reads
 * token answers, the back-channel calls authenticate with client_secret_post (SPEC §7), jose
 * verifies ID tokens against the authority's JWKS. Nothing here touches the database or cookies.
 */
import { CodeChallengeMethod, OAuth2Client, OAuth2Tokens } from 'arctic'
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose'
import { CLOCK_SKEW_SECONDS, SIGNIN_MESSAGES, SigninError } from './signin-errors'
import type { ClientSettings } from './settings.server'

export const CLIENT_SCOPES = ['openid', 'email', 'profile', 'offline_access']

const client = (s: ClientSettings) => new OAuth2Client(s.clientId, s.clientSecret, s.redirectUri)

export function authorizationUrl(
  settings: ClientSettings,
  input: {
    state: string
    nonce: string
    codeVerifier: string
    locale?: string
    prompt?: 'none' | 'login'
    screen?: 'sign-up'
  },
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
  // 'none': the silent check (SPEC §9) answers at once, with a code or login_required, never a
  // page; 'login': the password is asked for even with a live session (signin.server.ts).
  if (input.prompt) url.searchParams.set('prompt', input.prompt)
  // Which page of the sign-in interaction to open first (the provider's registered extra parameter).
  if (input.screen) url.searchParams.set('screen', input.screen)
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

/**
 * A back-channel POST to the authorization server with the client's credentials in the form body
 * (client_secret_post, SPEC §7). arctic would send them as HTTP Basic, which the provider refuses
 * for this client (src/server/oidc/handle.ts).
 */
function postWithClientSecret(settings: ClientSettings, endpoint: string, params: Record<string, string>) {
  return fetch(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({ ...params, client_id: settings.clientId, client_secret: settings.clientSecret }),
  })
}

async function tokenCall(settings: ClientSettings, params: Record<string, string>): Promise<TokenSet> {
  let response: Response
  try {
    response = await postWithClientSecret(settings, settings.endpoints.token, params)
  } catch (error) {
    throw new SigninError(SIGNIN_MESSAGES.tokenRequestFailed, (error as Error).message)
  }
  const data = await objectBody(response)
  if (!response.ok || !data || typeof data.access_token !== 'string') {
    const code = typeof data?.error === 'string' ? data.error : `status ${response.status}`
    throw new SigninError(SIGNIN_MESSAGES.tokenRequestFailed, code)
  }
  try {
    return toTokenSet(new OAuth2Tokens(data))
  } catch (error) {
    throw new SigninError(SIGNIN_MESSAGES.tokenRequestFailed, (error as Error).message)
  }
}

export function exchangeCode(settings: ClientSettings, code: string, codeVerifier: string): Promise<TokenSet> {
  return tokenCall(settings, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: settings.redirectUri,
    code_verifier: codeVerifier,
  })
}

export function refreshTokens(settings: ClientSettings, refreshToken: string): Promise<TokenSet> {
  return tokenCall(settings, { grant_type: 'refresh_token', refresh_token: refreshToken })
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
  const data = await objectBody(response)
  if (!data) throw new SigninError(SIGNIN_MESSAGES.tokenRequestFailed, 'userinfo is not a JSON object')
  return data
}

/** The authorization server's answer as a JSON object, or null when it is anything else. */
async function objectBody(response: Response): Promise<Record<string, unknown> | null> {
  try {
    const value: unknown = JSON.parse(await response.text())
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null
  } catch {
    return null
  }
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
  await postWithClientSecret(settings, settings.endpoints.revocation, {
    token: refreshToken,
    token_type_hint: 'refresh_token',
  })
    .then((response) => response.body?.cancel())
    .catch(() => undefined)
}

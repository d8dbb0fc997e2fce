/**
 * Storefront sign-in (backend-for-frontend): start writes state, nonce and PKCE verifier to the
 * database bound to the session cookie; the callback checks them, exchanges the code, verifies
 * the ID token and user info, and stores the tokens server-side. The browser never sees a token.
 */
import { randomBytes } from 'node:crypto'
import { eq, lt } from 'drizzle-orm'
import { generateCodeVerifier } from 'arctic'
import { getRequest, getRequestUrl } from '@tanstack/react-start/server'
import { getDb } from '~/server/db/client'
import { authStates, sessions } from '~/server/db/schema'
import { isTrustedIssuer } from '~/server/oidc/issuer'
import { clientIp } from '~/server/http/client-ip'
import { localeFromPath, localizePath, stripLocale } from '~/modules/i18n/locales'
import { authorizationUrl, exchangeCode, fetchUserinfo, verifyIdToken } from './oidc-client.server'
import { SIGNED_IN_PATH } from './session-settings'
import { clientSettings } from './settings.server'
import {
  currentSessionHash,
  ensureSessionHash,
  issueSessionCookie,
  newSessionState,
  setSessionStateCookie,
} from './session-cookie.server'
import {
  SIGNIN_MESSAGES,
  STALE_STATE_SECONDS,
  SigninError,
  checkCallbackParams,
  checkIdTokenClaims,
  checkStoredState,
  checkUserinfoSubject,
  safeReturnPath,
} from './signin-errors'

const random = () => randomBytes(32).toString('base64url')

async function trustedSettings() {
  const settings = await clientSettings(getRequestUrl().href)
  if (!isTrustedIssuer(settings.authority)) throw new SigninError(SIGNIN_MESSAGES.untrustedAuthority)
  return settings
}

/**
 * Another site's page opened this sign-in (`Sec-Fetch-Site` of the navigation, which a page cannot
 * set) with the return path of the popup and the silent frame, the page that reports to the window
 * that opened it and closes. Left alone, a live authorization-server session would make a storefront
 * session for that page without a click, and the window closing itself would tell it the visitor is
 * a customer. It gets an ordinary sign-in instead: the password is asked for, and it ends on the
 * home page (ADR 108).
 */
function reportingSignInOpenedElsewhere(returnTo: string): boolean {
  const site = getRequest().headers.get('sec-fetch-site')
  const path = new URL(returnTo, 'http://x').pathname
  return (site === 'cross-site' || site === 'same-site') && stripLocale(path) === SIGNED_IN_PATH
}

export async function startSignIn(request: {
  returnTo?: string
  locale?: string
  prompt?: 'none'
  screen?: 'sign-up'
}): Promise<string> {
  const returnTo = safeReturnPath(request.returnTo)
  const input = reportingSignInOpenedElsewhere(returnTo)
    ? { ...request, returnTo: localizePath('/', localeFromPath(returnTo)), prompt: 'login' as const }
    : { ...request, returnTo }
  const settings = await trustedSettings()
  const db = await getDb()
  const state = random()
  const nonce = random()
  const codeVerifier = generateCodeVerifier()
  // Stale states are cleaned up as new ones are made (SPEC §4).
  await db.delete(authStates).where(lt(authStates.createdAt, new Date(Date.now() - STALE_STATE_SECONDS * 1000)))
  await db.insert(authStates).values({
    state,
    sessionHash: ensureSessionHash(),
    nonce,
    codeVerifier,
    authority: settings.authority,
    clientId: settings.clientId,
    returnTo: input.returnTo,
  })
  return authorizationUrl(settings, { state, nonce, codeVerifier, ...input })
}

/** Completes the callback; resolves to the same-site path to return to. Throws SigninError. */
export async function completeSignIn(params: Record<string, string | undefined>): Promise<string> {
  const { code, state } = checkCallbackParams(params)
  const db = await getDb()
  // Single use: the row is deleted as it is read, so a replayed callback finds nothing.
  const [stored] = await db.delete(authStates).where(eq(authStates.state, state)).returning()
  const settings = await trustedSettings()
  checkStoredState(stored, {
    sessionHash: currentSessionHash(),
    authority: settings.authority,
    clientId: settings.clientId,
    iss: params.iss,
  })

  const tokens = await exchangeCode(settings, code, stored.codeVerifier)
  if (!tokens.idToken) throw new SigninError(SIGNIN_MESSAGES.codeFlowOnly)
  const claims = await verifyIdToken(settings, tokens.idToken)
  const sub = checkIdTokenClaims(claims, stored.nonce)
  const userinfo = await fetchUserinfo(settings, tokens.accessToken)
  checkUserinfoSubject(sub, userinfo)

  const previous = currentSessionHash()
  if (previous) await db.delete(sessions).where(eq(sessions.idHash, previous))
  const sessionState = newSessionState()
  await db.insert(sessions).values({
    idHash: issueSessionCookie(),
    userId: sub,
    authority: settings.authority,
    clientId: settings.clientId,
    sub,
    authTime: typeof claims.auth_time === 'number' ? claims.auth_time : null,
    azp: typeof claims.azp === 'string' ? claims.azp : null,
    idToken: tokens.idToken,
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken ?? null,
    tokenType: tokens.tokenType,
    scope: tokens.scope ?? null,
    sessionState,
    profile: { ...claims, ...userinfo },
    expiresAt: tokens.expiresAt,
    // What staff see in their list of sessions (ADR 112).
    userAgent: getRequest().headers.get('user-agent')?.slice(0, 300) ?? null,
    ipAddress: clientIp(getRequest()),
    lastSeenAt: new Date(),
  })
  setSessionStateCookie(sessionState)
  return stored.returnTo
}

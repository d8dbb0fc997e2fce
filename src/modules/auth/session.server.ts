/**
 * The signed-in session behind the cookie. Access tokens are refreshed 60 s before they expire;
 * the refreshed ID token must keep sub, auth_time and azp (SPEC §5). A failed refresh ends the
 * session (the user is signed out), as does signing out.
 */
import { and, eq, lt, sql } from 'drizzle-orm'
import { getRequestUrl } from '@tanstack/react-start/server'
import { config } from '../../../app.config'
import { getDb, type Db } from '~/server/db/client'
import { prepared } from '~/server/db/prepared'
import type { Locale } from '~/modules/i18n/locales'
import { sessions } from '~/server/db/schema'
import { log } from '~/server/log'
import { endSessionUrl, refreshTokens, revokeRefreshToken, verifyIdToken } from './oidc-client.server'
import { clientSettings } from './settings.server'
import { clearSessionCookie, currentSessionHash, newSessionState, setSessionStateCookie } from './session-cookie.server'
import { EXPIRING_NOTICE_SECONDS, checkRefreshedClaims } from './signin-errors'

export type SessionRow = typeof sessions.$inferSelect

/** A refresh in flight per session in this process; other instances are kept out by the claim below. */
const refreshing = new Map<string, Promise<SessionRow | undefined>>()

async function refresh(db: Db, row: SessionRow): Promise<SessionRow | undefined> {
  // Claim: only the request that moves updated_at refreshes. A rotated refresh token used twice
  // would revoke the whole grant, so the others keep the current (still valid) access token.
  const claimWindow = config().SESSION_REFRESH_CLAIM_MS
  const claimed = await db
    .update(sessions)
    .set({ updatedAt: new Date() })
    .where(and(eq(sessions.idHash, row.idHash), lt(sessions.updatedAt, new Date(Date.now() - claimWindow))))
    .returning({ idHash: sessions.idHash })
  if (claimed.length === 0) return row.expiresAt.getTime() > Date.now() ? row : undefined
  try {
    if (!row.refreshToken) throw new Error('no refresh token')
    const settings = await clientSettings(row.authority)
    const tokens = await refreshTokens(settings, row.refreshToken)
    const idToken = tokens.idToken ?? row.idToken
    if (tokens.idToken) checkRefreshedClaims(row, await verifyIdToken(settings, tokens.idToken))
    const [updated] = await db
      .update(sessions)
      .set({
        idToken,
        accessToken: tokens.accessToken,
        refreshToken: tokens.refreshToken ?? row.refreshToken,
        expiresAt: tokens.expiresAt,
        scope: tokens.scope ?? row.scope,
        updatedAt: new Date(),
      })
      .where(eq(sessions.idHash, row.idHash))
      .returning()
    return updated
  } catch (error) {
    log.warn({ err: error }, 'session refresh failed: signing out')
    await db.delete(sessions).where(eq(sessions.idHash, row.idHash))
    return undefined
  }
}

/** The session of a cookie hash, refreshed when its access token is about to expire. */
export async function sessionByHash(idHash: string | undefined): Promise<SessionRow | undefined> {
  if (!idHash) return undefined
  const db = await getDb()
  const [row] = await prepared(db, 'session_by_hash', (conn) =>
    conn
      .select()
      .from(sessions)
      .where(eq(sessions.idHash, sql.placeholder('idHash')))
      .limit(1),
  ).execute({ idHash })
  if (!row) return undefined
  if (row.expiresAt.getTime() - Date.now() > EXPIRING_NOTICE_SECONDS * 1000) return row
  let pending = refreshing.get(idHash)
  if (!pending) {
    pending = refresh(db, row).finally(() => refreshing.delete(idHash))
    refreshing.set(idHash, pending)
  }
  return pending
}

export function currentSession(): Promise<SessionRow | undefined> {
  return sessionByHash(currentSessionHash())
}

/** Makes sure the browser holds the session's session-state value (sessions made before it existed get one). */
export async function keepSessionStateCookie(session: SessionRow): Promise<void> {
  let value = session.sessionState
  if (!value) {
    value = newSessionState()
    const db = await getDb()
    await db.update(sessions).set({ sessionState: value }).where(eq(sessions.idHash, session.idHash))
  }
  setSessionStateCookie(value)
}

/** Ends the local session and returns the authorization server's end-session URL to visit. */
export async function signOut(locale: Locale | undefined): Promise<string> {
  const returnTo = locale ? `/${locale}` : '/'
  const idHash = currentSessionHash()
  const db = await getDb()
  const [row] = idHash ? await db.delete(sessions).where(eq(sessions.idHash, idHash)).returning() : []
  clearSessionCookie()
  if (!row) return returnTo
  const settings = await clientSettings(row.authority)
  if (row.refreshToken) await revokeRefreshToken(settings, row.refreshToken)
  const origin = new URL(getRequestUrl().href).origin
  const home = locale ? settings.authority + returnTo : settings.postLogoutRedirectUri
  return origin === settings.authority ? endSessionUrl(settings, home) : returnTo
}

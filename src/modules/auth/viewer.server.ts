/**
 * The browser session as the storefront's shell sees it: who is signed in (the header's profile)
 * and whether the session behind the cookie is still alive (the session monitor). Both keep the
 * session-state cookie the monitor compares across tabs.
 */
import type { Db } from '~/server/db/client'
import { getProfile } from '~/modules/accounts/profile.server'
import { currentSession, keepSessionStateCookie } from './session.server'

/** The signed-in user's profile, or null for visitors (a failed load counts as signed out, SPEC §4). */
export async function viewerProfile(db: Db) {
  const session = await currentSession()
  if (!session) return null
  await keepSessionStateCookie(session)
  return getProfile(db, session.userId).catch(() => null)
}

/** Ended by a password reset, a revoked grant or expiry, the session is not active, though the browser still holds both cookies. */
export async function sessionStatus(): Promise<{ active: boolean }> {
  const session = await currentSession()
  if (session) await keepSessionStateCookie(session)
  return { active: Boolean(session) }
}

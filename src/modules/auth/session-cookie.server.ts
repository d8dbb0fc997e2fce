/**
 * The browser's only credential: an HttpOnly, SameSite=Lax `session` cookie holding a random id.
 * The database keeps only its SHA-256, so a leaked table cannot be replayed as cookies.
 */
import { createHash, randomBytes } from 'node:crypto'
import { deleteCookie, getCookie, setCookie } from '@tanstack/react-start/server'
import { config } from '../../../app.config'
import { requestCookies } from '~/server/http/cookies'
import { SESSION_STATE_COOKIE } from './session-settings'

export const SESSION_COOKIE = 'session'
const MAX_AGE = 14 * 24 * 60 * 60

export const hashSessionId = (id: string) => createHash('sha256').update(id).digest('base64url')

function options() {
  return { httpOnly: true, sameSite: 'lax' as const, secure: config().COOKIE_SECURE, path: '/', maxAge: MAX_AGE }
}

/** Hash of the current cookie, if any. */
export function currentSessionHash(): string | undefined {
  const id = getCookie(SESSION_COOKIE)
  return id ? hashSessionId(id) : undefined
}

/** The current cookie's hash, creating the cookie first when the browser has none. */
export function ensureSessionHash(): string {
  const existing = currentSessionHash()
  if (existing) return existing
  return issueSessionCookie()
}

/** A fresh id (after sign-in, so an id planted before it is worthless: no session fixation). */
export function issueSessionCookie(): string {
  const id = randomBytes(32).toString('base64url')
  setCookie(SESSION_COOKIE, id, options())
  return hashSessionId(id)
}

export function clearSessionCookie(): void {
  deleteCookie(SESSION_COOKIE, { path: '/' })
  deleteCookie(SESSION_STATE_COOKIE, { path: '/' })
}

/** A fresh session-state value: random, so it tells nothing and authorises nothing. */
export const newSessionState = () => randomBytes(16).toString('base64url')

/**
 * The script-readable companion of the session cookie (see session-settings.ts): tabs compare it
 * every 2 s to notice a sign-in or sign-out made in another tab, without a request.
 */
export function setSessionStateCookie(value: string): void {
  if (getCookie(SESSION_STATE_COOKIE) === value) return
  setCookie(SESSION_STATE_COOKIE, value, { ...options(), httpOnly: false })
}

/** Reads the cookie from a raw request (API handlers outside server functions). */
export function sessionHashFromRequest(request: Request): string | undefined {
  const id = requestCookies(request).get(SESSION_COOKIE)
  return id ? hashSessionId(id) : undefined
}

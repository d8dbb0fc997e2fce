/**
 * The HTTP side of a referral click, in two steps so that only people count:
 * 1. /affiliate/reflink/{code} (or ?ref=CODE on any page) redirects to the landing page and sets a
 *    short-lived "pending" cookie. Nothing is counted yet.
 * 2. The landing page's script sees that cookie and confirms the click (a POST carrying it back);
 *    only then is the click recorded and the visitor and attribution cookies set.
 * Link-preview fetchers (the ones Telegram, WhatsApp and others send to draw a card) and link
 * checkers fetch without running scripts or keeping cookies, so they never get past step 1,
 * whatever they call themselves; in-app browsers run scripts and keep cookies, so they count.
 */
import { randomUUID } from 'node:crypto'
import { config } from '../../../app.config'
import type { Db } from '~/server/db/client'
import { requestCookies } from '~/server/http/cookies'
import { log } from '~/server/log'
import { windowSeconds } from './attribution'
import {
  ATTRIBUTION_COOKIE,
  PENDING_COOKIE,
  PENDING_COOKIE_SECONDS,
  VISITOR_COOKIE,
  VISITOR_COOKIE_DAYS,
} from './cookies'
import { bindReferredUser, recordClick, resolveReferralCode, type BindResult } from './referral.server'
import { landingPath, normalizeCode, normalizeTargetPath } from './targets'
import { programmeTerms } from './terms.server'
import { DAY_SECONDS } from '~/modules/time/days'

function cookieHeader(name: string, value: string, maxAgeSeconds: number, httpOnly = true): string {
  const secure = config().COOKIE_SECURE ? '; Secure' : ''
  // Lax: the cookie must ride along on the top-level navigation that follows an outside link.
  return `${name}=${encodeURIComponent(value)}; Max-Age=${maxAgeSeconds}; Path=/${httpOnly ? '; HttpOnly' : ''}; SameSite=Lax${secure}`
}

const VISITOR_ID = /^[A-Za-z0-9-]{16,64}$/

export interface VisitInput {
  code: string
  /** Locale prefix the visitor arrived under (/fr/affiliate/reflink/X lands on /fr/...). */
  locale?: string
  /** Land here instead of the code's own target (the ?ref= case: stay on the page visited). */
  target?: string
}

/** Where a referral click goes, and the cookies to set on the way (the route answers 302). */
export interface VisitRedirect {
  location: string
  cookies: string[]
}

/** Step 1: redirect to the landing page with the pending-click cookie; counts nothing. */
export async function referralVisit(db: Db, request: Request, input: VisitInput): Promise<VisitRedirect> {
  const resolved = await resolveReferralCode(db, input.code)
  const location = input.target ?? landingPath(resolved?.target ?? '/', input.locale)
  // HEAD comes from link checkers and previews, never from a person following the link.
  if (!resolved || request.method === 'HEAD') return { location, cookies: [] }
  // Readable by the page's script (it only says "confirm me"); the code is the public one from the URL.
  return {
    location,
    cookies: [cookieHeader(PENDING_COOKIE, normalizeCode(input.code)!, PENDING_COOKIE_SECONDS, false)],
  }
}

export interface ConfirmedVisit {
  recorded: boolean
  /** The promoter of a recorded click (their creator code comes along: referral.functions.ts). */
  promoterId?: string
  /** Set-Cookie values for the response: visitor and attribution cookies, and the pending one cleared. */
  cookies: string[]
}

/** Step 2: the landing page's script confirms the click; the request must carry the pending cookie. */
export async function confirmReferralVisit(db: Db, request: Request): Promise<ConfirmedVisit> {
  const cookies = requestCookies(request)
  const code = cookies.get(PENDING_COOKIE)
  if (!code) return { recorded: false, cookies: [] }
  const known = cookies.get(VISITOR_COOKIE)
  const visitorId = known && VISITOR_ID.test(known) ? known : randomUUID()
  const outcome = await recordClick(db, {
    code,
    visitorId,
    userAgent: request.headers.get('user-agent'),
    currentClickId: cookies.get(ATTRIBUTION_COOKIE),
  })
  const out = [cookieHeader(PENDING_COOKIE, '', 0, false)]
  if (outcome.recorded && visitorId !== known) {
    out.push(cookieHeader(VISITOR_COOKIE, visitorId, VISITOR_COOKIE_DAYS * DAY_SECONDS))
  }
  if (outcome.attributeTo) {
    out.push(cookieHeader(ATTRIBUTION_COOKIE, outcome.attributeTo, windowSeconds(programmeTerms().windowDays)))
  }
  return { recorded: outcome.recorded, promoterId: outcome.promoterId, cookies: out }
}

/**
 * ?ref=CODE on a page: the same click, then the same page without the parameter (so a shared or
 * bookmarked URL does not count again, and the code does not linger in the address bar).
 */
export function refParamTarget(url: URL): { code: string; target: string } | undefined {
  const code = url.searchParams.get('ref')
  if (!code) return undefined
  const clean = new URL(url)
  clean.searchParams.delete('ref')
  // A request for "//evil.test/?ref=X" must not become a redirect to another origin.
  return { code, target: normalizeTargetPath(`${clean.pathname}${clean.search}`) ?? '/' }
}

/**
 * The sign-up hook: call right after an account is created, with the sign-up request (it carries
 * the attribution cookie). Never throws: a referral problem must not fail a sign-up.
 */
export async function bindReferralFromRequest(
  db: Db,
  userId: string,
  request: Request,
): Promise<BindResult | undefined> {
  try {
    return await bindReferredUser(db, userId, requestCookies(request).get(ATTRIBUTION_COOKIE))
  } catch (err) {
    log.error({ err, userId }, 'referral binding failed')
    return undefined
  }
}

/**
 * The HTTP side of a referral click: read the visitor's cookies, record the click, answer with a
 * redirect to the landing page that sets the visitor and attribution cookies. Used by
 * /affiliate/reflink/{code} and by ?ref=CODE on any page.
 */
import { randomUUID } from 'node:crypto'
import { config } from '../../../app.config'
import type { Db } from '../../server/db/client'
import { log } from '../../server/log'
import { windowSeconds } from './attribution'
import { ATTRIBUTION_COOKIE, VISITOR_COOKIE, VISITOR_COOKIE_DAYS } from './cookies'
import { bindReferredUser, recordClick, type BindResult } from './referral.server'
import { landingPath, normalizeTargetPath } from './targets'
import { programmeTerms } from './terms.server'

function readCookies(request: Request): Map<string, string> {
  const out = new Map<string, string>()
  for (const part of (request.headers.get('cookie') ?? '').split(';')) {
    const eq = part.indexOf('=')
    if (eq < 1) continue
    const name = part.slice(0, eq).trim()
    try {
      out.set(name, decodeURIComponent(part.slice(eq + 1).trim()))
    } catch {
      // A malformed value is ignored like a missing one.
    }
  }
  return out
}

function cookieHeader(name: string, value: string, maxAgeSeconds: number): string {
  const secure = config().COOKIE_SECURE ? '; Secure' : ''
  // Lax: the cookie must ride along on the top-level navigation that follows an outside link.
  return `${name}=${encodeURIComponent(value)}; Max-Age=${maxAgeSeconds}; Path=/; HttpOnly; SameSite=Lax${secure}`
}

const VISITOR_ID = /^[A-Za-z0-9-]{16,64}$/

export interface VisitInput {
  code: string
  /** Locale prefix the visitor arrived under (/fr/affiliate/reflink/X lands on /fr/...). */
  locale?: string
  /** Land here instead of the code's own target (the ?ref= case: stay on the page visited). */
  target?: string
}

export async function referralVisit(db: Db, request: Request, input: VisitInput): Promise<Response> {
  const cookies = readCookies(request)
  const known = cookies.get(VISITOR_COOKIE)
  const visitorId = known && VISITOR_ID.test(known) ? known : randomUUID()
  const outcome = await recordClick(db, {
    code: input.code,
    visitorId,
    // HEAD comes from link checkers and previews, never from a person following the link.
    userAgent: request.method === 'HEAD' ? null : request.headers.get('user-agent'),
    currentClickId: cookies.get(ATTRIBUTION_COOKIE),
  })
  const headers = new Headers({
    location: input.target ?? landingPath(outcome.target, input.locale),
    'cache-control': 'no-store',
  })
  if (outcome.recorded && visitorId !== known) {
    headers.append('set-cookie', cookieHeader(VISITOR_COOKIE, visitorId, VISITOR_COOKIE_DAYS * 86_400))
  }
  if (outcome.attributeTo) {
    const seconds = windowSeconds(programmeTerms().windowDays)
    headers.append('set-cookie', cookieHeader(ATTRIBUTION_COOKIE, outcome.attributeTo, seconds))
  }
  return new Response(null, { status: 302, headers })
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
    return await bindReferredUser(db, userId, readCookies(request).get(ATTRIBUTION_COOKIE))
  } catch (err) {
    log.error({ err, userId }, 'referral binding failed')
    return undefined
  }
}

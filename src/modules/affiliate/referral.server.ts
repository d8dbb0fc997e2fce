/**
 * Referral clicks and sign-up binding. A click is recorded once per visitor, promoter, link and
 * UTC day; the attribution cookie carries the click's random id, so the window and the promoter
 * are always checked against the database, never trusted from the browser.
 */
import { createHash } from 'node:crypto'
import { and, eq, isNull } from 'drizzle-orm'
import type { Db } from '~/server/db/client'
import { promoters, referralClicks, referralLinks, referrals, users } from '~/server/db/schema'
import { utcDay } from '~/modules/time/days'
import { isBot, isWithinWindow, replacesAttribution } from './attribution'
import { now } from '~/modules/time/clock'
import { programmeTerms } from './terms.server'
import { normalizeCode } from './targets'

export interface ResolvedCode {
  promoterId: string
  linkId: number | null
  target: string
}

/**
 * A promote code (lands on the home page) or a live link code (lands on its target). Codes of a
 * promoter who is not active (pending approval, suspended) resolve to nothing, like unknown ones:
 * their clicks are not recorded and no attribution cookie is set.
 */
export async function resolveReferralCode(db: Db, code: string): Promise<ResolvedCode | undefined> {
  const normalized = normalizeCode(code)
  if (!normalized) return undefined
  const [promoter] = await db
    .select({ userId: promoters.userId })
    .from(promoters)
    .where(and(eq(promoters.promoteCode, normalized), eq(promoters.status, 'active')))
  if (promoter) return { promoterId: promoter.userId, linkId: null, target: '/' }
  const [link] = await db
    .select({ id: referralLinks.id, promoterId: referralLinks.promoterId, target: referralLinks.targetPath })
    .from(referralLinks)
    .innerJoin(promoters, eq(promoters.userId, referralLinks.promoterId))
    .where(and(eq(referralLinks.code, normalized), isNull(referralLinks.archivedAt), eq(promoters.status, 'active')))
  return link ? { promoterId: link.promoterId, linkId: link.id, target: link.target } : undefined
}

export function hashVisitor(visitorId: string): string {
  return createHash('sha256').update(`affiliate-visitor:${visitorId}`).digest('hex')
}

export interface ClickInput {
  code: string
  /** The visitor cookie's value (random id), created by the caller when absent. */
  visitorId: string
  userAgent: string | null
  /** The click id currently in the visitor's attribution cookie, if any. */
  currentClickId?: string
}

export interface ClickOutcome {
  /** Where to send the visitor; the home page for unknown codes. */
  target: string
  recorded: boolean
  /** Set the attribution cookie to this click id (absent: leave the cookie as it is). */
  attributeTo?: string
  /** The promoter a recorded click went to. */
  promoterId?: string
}

export async function recordClick(db: Db, input: ClickInput): Promise<ClickOutcome> {
  const resolved = await resolveReferralCode(db, input.code)
  if (!resolved) return { target: '/', recorded: false }
  if (isBot(input.userAgent)) return { target: resolved.target, recorded: false }
  const at = now()
  const [click] = await db
    .insert(referralClicks)
    .values({
      promoterId: resolved.promoterId,
      linkId: resolved.linkId,
      visitorHash: hashVisitor(input.visitorId),
      day: utcDay(at),
      createdAt: at,
      lastSeenAt: at,
    })
    .onConflictDoUpdate({
      target: [referralClicks.promoterId, referralClicks.linkId, referralClicks.visitorHash, referralClicks.day],
      set: { lastSeenAt: at },
    })
    .returning({ id: referralClicks.id })
  const terms = programmeTerms()
  const current = input.currentClickId ? await findClick(db, input.currentClickId) : undefined
  const replace = current?.id === click.id || replacesAttribution(terms.attribution, current, at, terms.windowDays)
  return {
    target: resolved.target,
    recorded: true,
    attributeTo: replace ? click.id : undefined,
    promoterId: resolved.promoterId,
  }
}

async function findClick(db: Db, clickId: string) {
  if (!/^[0-9a-f-]{36}$/i.test(clickId)) return undefined
  const [click] = await db.select().from(referralClicks).where(eq(referralClicks.id, clickId))
  return click
}

export type BindResult =
  | { bound: true; promoterId: string; linkId: number | null }
  | { bound: false; reason: 'no_cookie' | 'unknown_click' | 'expired' | 'self' | 'already_bound' }

/**
 * Call once when an account is created, with the visitor's attribution cookie value
 * (ATTRIBUTION_COOKIE). Binds the new user to the promoter of that click if it is still within
 * the window; every later paid order of the user then earns that promoter commission.
 */
export async function bindReferredUser(
  db: Db,
  userId: string,
  attributionCookie: string | undefined | null,
): Promise<BindResult> {
  if (!attributionCookie) return { bound: false, reason: 'no_cookie' }
  const click = await findClick(db, attributionCookie)
  if (!click) return { bound: false, reason: 'unknown_click' }
  const terms = programmeTerms()
  if (!isWithinWindow(click, terms.attribution, now(), terms.windowDays)) return { bound: false, reason: 'expired' }
  if (click.promoterId === userId) return { bound: false, reason: 'self' }
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId))
  if (!user) return { bound: false, reason: 'unknown_click' }
  const [row] = await db
    .insert(referrals)
    .values({ userId, promoterId: click.promoterId, linkId: click.linkId, clickId: click.id, createdAt: now() })
    .onConflictDoNothing()
    .returning({ promoterId: referrals.promoterId })
  if (!row) return { bound: false, reason: 'already_bound' }
  return { bound: true, promoterId: click.promoterId, linkId: click.linkId }
}

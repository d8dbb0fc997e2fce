/**
 * The creator a visitor supports before they have an account (ADR 120): the creator_code cookie,
 * set when they follow a creator's referral link, living CREATOR_CODE_DAYS. It holds the public
 * code and when it was chosen; the first signed-in read moves it onto the account (same expiry)
 * and clears it, so removing the creator later is not undone by the cookie.
 */
import { config } from '../../../app.config'
import type { Db } from '~/server/db/client'
import { requestCookies } from '~/server/http/cookies'
import { log } from '~/server/log'
import { DAY_MS, DAY_SECONDS } from '~/modules/time/days'
import { cleanCreatorCode } from './creator-rules'
import { creatorSupport, supportCreator, usableCodeOfPromoter } from './creator-codes.server'
import type { CreatorSupport } from './creator-codes.schemas'

export const CREATOR_COOKIE = 'creator_code'

function header(value: string, maxAgeSeconds: number): string {
  const secure = config().COOKIE_SECURE ? '; Secure' : ''
  return `${CREATOR_COOKIE}=${encodeURIComponent(value)}; Max-Age=${maxAgeSeconds}; Path=/; HttpOnly; SameSite=Lax${secure}`
}

export const clearCreatorCookie = () => header('', 0)

export function parseCreatorCookie(value: string | undefined): { code: string; chosenAt: Date } | undefined {
  const match = value ? /^([A-Za-z0-9_-]{3,20})\.(\d{9,11})$/.exec(value) : null
  if (!match) return undefined
  const code = cleanCreatorCode(match[1]!)
  return code ? { code, chosenAt: new Date(Number(match[2]) * 1000) } : undefined
}

/**
 * A confirmed referral click to `promoterId`: when the promoter has a usable code, the visitor now
 * supports it — on the account when signed in, else in the cookie this returns (to be set).
 */
export async function supportFromReferral(
  db: Db,
  promoterId: string,
  userId: string | undefined,
  at: Date,
): Promise<string | undefined> {
  const code = await usableCodeOfPromoter(db, promoterId)
  if (!code) return undefined
  if (!userId)
    return header(`${code.code}.${Math.floor(at.getTime() / 1000)}`, config().CREATOR_CODE_DAYS * DAY_SECONDS)
  if (userId === promoterId) return undefined
  await supportCreator(db, userId, code.code, 'link', at)
  return undefined
}

/**
 * The signed-in shopper's creator; a cookie from before sign-in is moved onto the account first
 * when the account has none. Returns the support and the Set-Cookie values to send (the cookie
 * cleared once read).
 */
export async function supportWithCookie(
  db: Db,
  userId: string,
  request: Request,
  at: Date,
): Promise<{ support: CreatorSupport | null; cookies: string[] }> {
  const raw = requestCookies(request).get(CREATOR_COOKIE)
  if (raw === undefined) return { support: await creatorSupport(db, userId, at), cookies: [] }
  const current = await creatorSupport(db, userId, at)
  const parsed = parseCreatorCookie(raw)
  if (current || !parsed || parsed.chosenAt.getTime() + config().CREATOR_CODE_DAYS * DAY_MS <= at.getTime()) {
    return { support: current, cookies: [clearCreatorCookie()] }
  }
  try {
    const support = await supportCreator(db, userId, parsed.code, 'link', at, parsed.chosenAt)
    return { support, cookies: [clearCreatorCookie()] }
  } catch (error) {
    // The code went away meanwhile, or it is the shopper's own: nothing to carry over.
    log.debug({ err: error, userId }, 'creator cookie not carried over')
    return { support: null, cookies: [clearCreatorCookie()] }
  }
}

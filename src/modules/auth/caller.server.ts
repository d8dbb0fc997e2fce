/**
 * Who is calling: how a request maps to the signed-in user, installed into the door
 * (modules/door) by the composition root. The user id comes from a resolver — by default a bearer
 * access token of our authorization server (checked in-process against its token store), else the
 * browser's session cookie — which tests replace per call (`openDoor(request, { resolve })`).
 * Role checks (401 / 403) are the door's; handlers never call this file.
 */
import { eq, sql } from 'drizzle-orm'
import type { Db } from '~/server/db/client'
import { prepared } from '~/server/db/prepared'
import { passkeys, sessions, staffFactors, users } from '~/server/db/schema'
import { issuerFor } from '~/server/oidc/issuer'
import { getProvider } from '~/server/oidc/provider'
import { isStaff, type Caller, type UserIdResolver } from '~/modules/door/caller.server'
import { now } from '~/modules/time/clock'
import { endedStaffSession } from './staff-sessions.server'
import { sessionByHash } from './session.server'
import { sessionHashFromRequest } from './session-cookie.server'
import { EXPIRING_NOTICE_SECONDS } from './signin-errors'

// For the back-office use cases that name the caller's type from here (moving out of admin).
export type { Caller, UserIdResolver } from '~/modules/door/caller.server'

async function userIdFromBearer(request: Request, token: string): Promise<string | undefined> {
  const provider = await getProvider(issuerFor(request.url))
  const accessToken = await provider.AccessToken.find(token)
  if (!accessToken || accessToken.isExpired || !accessToken.accountId) return undefined
  if (
    !String(accessToken.scope ?? '')
      .split(' ')
      .includes('openid')
  )
    return undefined
  return accessToken.accountId
}

/** The production resolver: a bearer access token (API clients), else the session cookie. */
export const sessionOrBearer: UserIdResolver = async (request) => {
  const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '')?.[1]
  return bearer ? userIdFromBearer(request, bearer) : (await sessionByHash(sessionHashFromRequest(request)))?.userId
}

/**
 * The session cookie's user in one query (session joined with user). A session close to expiry
 * goes the long way, through sessionByHash, which refreshes it.
 */
async function callerFromSession(db: Db, request: Request): Promise<Caller | undefined> {
  const idHash = sessionHashFromRequest(request)
  if (!idHash) return undefined
  const [row] = await prepared(db, 'caller_from_session', (conn) =>
    conn
      .select({
        id: users.id,
        email: users.email,
        role: users.role,
        expiresAt: sessions.expiresAt,
        staffVerifiedAt: sessions.staffVerifiedAt,
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        enrolledAt: staffFactors.enrolledAt,
        // Staff only need to know (ADR 113); for a shopper it is never read.
        hasPasskey: sql<boolean>`exists (select 1 from ${passkeys} where ${passkeys.userId} = ${sessions.userId})`,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(staffFactors, eq(staffFactors.userId, sessions.userId))
      .where(eq(sessions.idHash, sql.placeholder('idHash'))),
  ).execute({ idHash })
  if (!row) return undefined
  const caller: Caller = { id: row.id, email: row.email, role: row.role }
  if (isStaff(row.role)) {
    if (await endedStaffSession(db, idHash, row)) return undefined
    const totp = row.enrolledAt !== null
    caller.factor = { enrolled: totp || row.hasPasskey, totp, passkey: row.hasPasskey, verifiedAt: row.staffVerifiedAt }
  }
  if (row.expiresAt.getTime() - Date.now() > EXPIRING_NOTICE_SECONDS * 1000) return caller
  return (await sessionByHash(idHash)) ? caller : undefined
}

/** One lookup per request, however many doors and checks ask (a request is never reused). */
const callers = new WeakMap<Request, Promise<Caller | undefined>>()

/** The signed-in user, or undefined for a visitor (and for a token whose user no longer exists). */
export function currentCaller(
  db: Db,
  request: Request,
  resolve: UserIdResolver = sessionOrBearer,
): Promise<Caller | undefined> {
  if (resolve !== sessionOrBearer || /^Bearer\s/i.test(request.headers.get('authorization') ?? '')) {
    return callerFromResolver(db, request, resolve)
  }
  let pending = callers.get(request)
  if (!pending) {
    pending = callerFromSession(db, request)
    callers.set(request, pending)
  }
  return pending
}

/**
 * A bearer token (API clients) carries no proof of the second factor, so staff calling with one are
 * refused by the door's staff gates (ADR 111). A resolver passed in (tests only: production always
 * uses sessionOrBearer) stands in for the whole sign-in, second factor included, just now.
 */
async function callerFromResolver(db: Db, request: Request, resolve: UserIdResolver): Promise<Caller | undefined> {
  const id = await resolve(request)
  if (!id) return undefined
  const [user] = await db
    .select({ id: users.id, email: users.email, role: users.role })
    .from(users)
    .where(eq(users.id, id))
  if (!user || !isStaff(user.role)) return user
  const standIn = resolve !== sessionOrBearer
  return { ...user, factor: { enrolled: true, verifiedAt: standIn ? now() : null } }
}

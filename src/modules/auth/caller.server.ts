/**
 * Who is calling: the one place every door (REST handlers with the raw request, server functions
 * via getRequest()) asks for the signed-in user and their role. The user id comes from a resolver
 * passed in by the door — by default a bearer access token of our authorization server (checked
 * in-process against its token store), else the browser's session cookie — so tests sign requests
 * in per call, without a global switch.
 */
import { eq, sql } from 'drizzle-orm'
import type { Db } from '~/server/db/client'
import { prepared } from '~/server/db/prepared'
import { promoters, sessions, STAFF_ROLES, users, type StaffRole, type UserRole } from '~/server/db/schema'
import { issuerFor } from '~/server/oidc/issuer'
import { getProvider } from '~/server/oidc/provider'
import { AppError } from '~/modules/errors/app-error'
import { sessionByHash } from './session.server'
import { sessionHashFromRequest } from './session-cookie.server'
import { EXPIRING_NOTICE_SECONDS } from './signin-errors'

/** Maps a request to the signed-in user's id, or null/undefined when nobody is signed in. */
export type UserIdResolver = (request: Request) => Promise<string | null | undefined>

export interface Caller {
  id: string
  email: string
  role: UserRole
}

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
      .select({ id: users.id, email: users.email, role: users.role, expiresAt: sessions.expiresAt })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.idHash, sql.placeholder('idHash'))),
  ).execute({ idHash })
  if (!row) return undefined
  if (row.expiresAt.getTime() - Date.now() > EXPIRING_NOTICE_SECONDS * 1000) {
    return { id: row.id, email: row.email, role: row.role }
  }
  return (await sessionByHash(idHash)) ? { id: row.id, email: row.email, role: row.role } : undefined
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

async function callerFromResolver(db: Db, request: Request, resolve: UserIdResolver): Promise<Caller | undefined> {
  const id = await resolve(request)
  if (!id) return undefined
  const [user] = await db
    .select({ id: users.id, email: users.email, role: users.role })
    .from(users)
    .where(eq(users.id, id))
  return user
}

/** UNAUTHENTICATED (401) unless someone is signed in. */
export async function requireUser(db: Db, request: Request, resolve?: UserIdResolver): Promise<Caller> {
  const user = await currentCaller(db, request, resolve)
  if (!user) throw new AppError('UNAUTHENTICATED', 'Sign-in required')
  return user
}

/** True for the shop's staff: support and admins. */
export function isStaff(role: UserRole): role is StaffRole {
  return (STAFF_ROLES as readonly UserRole[]).includes(role)
}

/** 401 for visitors, FORBIDDEN (403) for anyone but staff (support or admin). */
export async function requireStaff(db: Db, request: Request, resolve?: UserIdResolver): Promise<Caller> {
  const user = await requireUser(db, request, resolve)
  if (!isStaff(user.role)) throw new AppError('FORBIDDEN', 'Staff only')
  return user
}

/** 401 for visitors, FORBIDDEN (403) for anyone but an admin (support included: `admin_only`). */
export async function requireAdmin(db: Db, request: Request, resolve?: UserIdResolver): Promise<Caller> {
  const user = await requireUser(db, request, resolve)
  if (user.role !== 'admin') {
    throw new AppError('FORBIDDEN', 'Admins only', { issues: [{ path: '', message: 'admin_only' }] })
  }
  return user
}

/** 401 for visitors, 403 (issue `not_promoter`) for users who have not joined the programme. */
export async function requirePromoter(db: Db, request: Request, resolve?: UserIdResolver) {
  const user = await requireUser(db, request, resolve)
  const [promoter] = await db.select().from(promoters).where(eq(promoters.userId, user.id))
  if (!promoter) throw new AppError('FORBIDDEN', 'Promoters only', { issues: [{ path: '', message: 'not_promoter' }] })
  return { user, promoter }
}

/**
 * Who is calling, for the affiliate API and server functions: the one place to adapt to the auth
 * module's session cookie / bearer token lookup.
 */
import { eq } from 'drizzle-orm'
import type { Db } from '../../server/db/client'
import { promoters, users } from '../../server/db/schema'
import { userIdFromRequest } from '../auth/request-auth.server'
import { AppError, isAppError } from '../errors/app-error'

export interface CurrentUser {
  id: string
  email: string
  role: 'customer' | 'operator'
}

/** Maps a request to the signed-in user's id (session cookie or bearer token), or null. */
export type UserIdResolver = (request: Request) => Promise<string | null | undefined>

/** The auth module's lookup: a bearer access token, else the storefront session cookie. */
const defaultResolver: UserIdResolver = (request) =>
  userIdFromRequest(request).catch((error: unknown) => {
    if (isAppError(error) && error.code === 'UNAUTHENTICATED') return null
    throw error
  })
let resolver: UserIdResolver = defaultResolver

/** Swaps the lookup (tests sign requests in with a header); no argument restores the default. */
export function setUserIdResolver(next?: UserIdResolver): void {
  resolver = next ?? defaultResolver
}

export async function currentUser(db: Db, request: Request): Promise<CurrentUser | undefined> {
  const id = await resolver(request)
  if (!id) return undefined
  const [user] = await db
    .select({ id: users.id, email: users.email, role: users.role })
    .from(users)
    .where(eq(users.id, id))
  return user
}

export async function requireUser(db: Db, request: Request): Promise<CurrentUser> {
  const user = await currentUser(db, request)
  if (!user) throw new AppError('UNAUTHENTICATED', 'Sign in required')
  return user
}

export async function requirePromoter(db: Db, request: Request) {
  const user = await requireUser(db, request)
  const [promoter] = await db.select().from(promoters).where(eq(promoters.userId, user.id))
  if (!promoter) throw new AppError('FORBIDDEN', 'Promoters only', { issues: [{ path: '', message: 'not_promoter' }] })
  return { user, promoter }
}

export async function requireOperator(db: Db, request: Request): Promise<CurrentUser> {
  const user = await requireUser(db, request)
  if (user.role !== 'operator') throw new AppError('FORBIDDEN', 'Operators only')
  return user
}

/**
 * A door is how a request reaches a use case: a REST handler (src/routes/api, `handle` in
 * rest.server.ts) or a server function (*.functions.ts, `answer` / `action` in server-fn.server.ts).
 * Both get the same context — the database and "who is calling" bound to the request — and the
 * same refusals: 401 UNAUTHENTICATED for a visitor, 403 FORBIDDEN for the wrong role (issues
 * `admin_only`, `not_promoter`). Tests open a door on a plain Request with their own database and
 * user resolver (`openDoor(request, { db, resolve })`), no global switch.
 */
import { eq } from 'drizzle-orm'
import { AppError } from '~/modules/errors/app-error'
import { getDb, type Db } from '~/server/db/client'
import { promoters } from '~/server/db/schema'
import { findCaller, isStaff, type Caller, type UserIdResolver } from './caller.server'

type Promoter = typeof promoters.$inferSelect

export interface Door {
  db: Db
  request: Request
  /** The signed-in user, or undefined for a visitor. */
  caller(): Promise<Caller | undefined>
  /** The signed-in user; 401 otherwise. */
  user(): Promise<Caller>
  /** Staff (support or admin); 401 / 403 otherwise. */
  staff(): Promise<Caller>
  /** An admin; 401 / 403 (`admin_only`) otherwise. */
  admin(): Promise<Caller>
  /** A promoter and their programme row; 401 / 403 (`not_promoter`) otherwise. */
  promoter(): Promise<{ user: Caller; promoter: Promoter }>
}

/** What a test replaces: the database and how a request maps to a user id. */
export interface DoorDeps {
  db?: Db
  resolve?: UserIdResolver
}

export async function openDoor(request: Request, deps: DoorDeps = {}): Promise<Door> {
  const db = deps.db ?? (await getDb())
  const caller = () => findCaller(db, request, deps.resolve)
  const user = async () => {
    const found = await caller()
    if (!found) throw new AppError('UNAUTHENTICATED', 'Sign-in required')
    return found
  }
  return {
    db,
    request,
    caller,
    user,
    async staff() {
      const found = await user()
      if (!isStaff(found.role)) throw new AppError('FORBIDDEN', 'Staff only')
      return found
    },
    async admin() {
      const found = await user()
      if (found.role !== 'admin') {
        throw new AppError('FORBIDDEN', 'Admins only', { issues: [{ path: '', message: 'admin_only' }] })
      }
      return found
    },
    async promoter() {
      const found = await user()
      const [promoter] = await db.select().from(promoters).where(eq(promoters.userId, found.id))
      if (!promoter) {
        throw new AppError('FORBIDDEN', 'Promoters only', { issues: [{ path: '', message: 'not_promoter' }] })
      }
      return { user: found, promoter }
    },
  }
}

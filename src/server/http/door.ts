/**
 * A door is how a request reaches a use case: a REST handler (src/routes/api) or a server function
 * (*.functions.ts). Both get the same context — the database and "who is calling" bound to the
 * request — so auth reads the same everywhere. Tests open a door on a plain Request with their
 * own database and user resolver (`openDoor(request, { db, resolve })`), no global switch.
 */
import {
  currentCaller,
  requireAdmin,
  requirePromoter,
  requireStaff,
  requireUser,
  sessionOrBearer,
  type Caller,
  type UserIdResolver,
} from '~/modules/auth/caller.server'
import { getDb, type Db } from '~/server/db/client'

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
  promoter(): ReturnType<typeof requirePromoter>
}

/** What a test replaces: the database and how a request maps to a user id. */
export interface DoorDeps {
  db?: Db
  resolve?: UserIdResolver
}

export async function openDoor(request: Request, deps: DoorDeps = {}): Promise<Door> {
  const db = deps.db ?? (await getDb())
  const resolve = deps.resolve ?? sessionOrBearer
  return {
    db,
    request,
    caller: () => currentCaller(db, request, resolve),
    user: () => requireUser(db, request, resolve),
    staff: () => requireStaff(db, request, resolve),
    admin: () => requireAdmin(db, request, resolve),
    promoter: () => requirePromoter(db, request, resolve),
  }
}

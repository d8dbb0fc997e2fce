/**
 * A door is how a request reaches a use case: a REST handler (src/routes/api, `handle` in
 * rest.server.ts) or a server function (*.functions.ts, `answer` / `action` in server-fn.server.ts).
 * Both get the same context — the database and "who is calling" bound to the request — and the
 * same refusals: 401 UNAUTHENTICATED for a visitor, 403 FORBIDDEN for the wrong role (issues
 * `admin_only`, `not_promoter`). Tests open a door on a plain Request with their own database and
 * user resolver (`openDoor(request, { db, resolve })`), no global switch.
 */
import { eq } from 'drizzle-orm'
import { config } from '../../../app.config'
import { AppError } from '~/modules/errors/app-error'
import { now } from '~/modules/time/clock'
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
  /**
   * Staff (support or admin) whose session proved the second factor; 401 / 403 otherwise (ADR 111:
   * `staff_factor_enrolment_required` without a factor, `staff_factor_required` before the code).
   */
  staff(): Promise<Caller>
  /** An admin, with the second factor like staff(); 401 / 403 (`admin_only`) otherwise. */
  admin(): Promise<Caller>
  /** staff() whose last code is at most STAFF_STEP_UP_MINUTES old; 403 `staff_step_up_required` otherwise. */
  staffStepUp(): Promise<Caller>
  /** admin() whose last code is at most STAFF_STEP_UP_MINUTES old. */
  adminStepUp(): Promise<Caller>
  /** Staff by role, second factor or not: only its enrolment and its check (ADR 111). */
  staffEnrolling(): Promise<Caller>
  /** A promoter and their programme row; 401 / 403 (`not_promoter`) otherwise. */
  promoter(): Promise<{ user: Caller; promoter: Promoter }>
}

/** What a test replaces: the database and how a request maps to a user id. */
export interface DoorDeps {
  db?: Db
  resolve?: UserIdResolver
}

/** A staff role takes effect once the session proved the second factor (ADR 111). */
function withFactor(staff: Caller): Caller {
  if (staff.factor?.verifiedAt) return staff
  const enrolled = staff.factor?.enrolled ?? true
  throw new AppError(
    'FORBIDDEN',
    enrolled ? 'Enter your authenticator code first' : 'Set up your second factor first',
    {
      issues: [{ path: '', message: enrolled ? 'staff_factor_required' : 'staff_factor_enrolment_required' }],
    },
  )
}

/** Money and power moves ask for the code again once the last one is older than STAFF_STEP_UP_MINUTES. */
export function recentFactor(staff: Caller): Caller {
  const verifiedAt = staff.factor?.verifiedAt
  const maxAgeMs = config().STAFF_STEP_UP_MINUTES * 60_000
  if (verifiedAt && now().getTime() - verifiedAt.getTime() <= maxAgeMs) return staff
  throw new AppError('FORBIDDEN', 'Enter your authenticator code again to confirm', {
    issues: [{ path: '', message: 'staff_step_up_required' }],
  })
}

export async function openDoor(request: Request, deps: DoorDeps = {}): Promise<Door> {
  const db = deps.db ?? (await getDb())
  const caller = () => findCaller(db, request, deps.resolve)
  const user = async () => {
    const found = await caller()
    if (!found) throw new AppError('UNAUTHENTICATED', 'Sign-in required')
    return found
  }
  const staffByRole = async () => {
    const found = await user()
    if (!isStaff(found.role)) throw new AppError('FORBIDDEN', 'Staff only')
    return found
  }
  const adminByRole = async () => {
    const found = await user()
    if (found.role !== 'admin') {
      throw new AppError('FORBIDDEN', 'Admins only', { issues: [{ path: '', message: 'admin_only' }] })
    }
    return found
  }
  return {
    db,
    request,
    caller,
    user,
    staff: async () => withFactor(await staffByRole()),
    admin: async () => withFactor(await adminByRole()),
    staffStepUp: async () => recentFactor(withFactor(await staffByRole())),
    adminStepUp: async () => recentFactor(withFactor(await adminByRole())),
    staffEnrolling: staffByRole,
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

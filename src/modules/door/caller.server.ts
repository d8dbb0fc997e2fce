/**
 * Who is calling, as the door sees it: a signed-in user's id, e-mail and role. How a request maps
 * to a caller (session cookie, bearer token) is the auth module's business; it is installed here by
 * the composition root (src/app/wiring.ts), so the door depends on nothing above it.
 */
import { STAFF_ROLES, type StaffRole, type UserRole } from '~/server/db/schema'
import type { Db } from '~/server/db/client'

export interface Caller {
  id: string
  email: string
  role: UserRole
  /**
   * Staff: the second factor as this request's session stands (ADR 111). Absent (a bearer token,
   * a shopper) counts as not proved: the door's staff gates refuse it.
   */
  factor?: StaffFactorState
}

export interface StaffFactorState {
  /** The account has a confirmed second factor: a TOTP app or a passkey (ADR 113). */
  enrolled: boolean
  /** Which ones (absent: unknown, e.g. a test's stand-in sign-in). */
  totp?: boolean
  passkey?: boolean
  /** When this session last proved it; null: not yet in this session. */
  verifiedAt: Date | null
}

/** Maps a request to the signed-in user's id, or null/undefined when nobody is signed in. */
export type UserIdResolver = (request: Request) => Promise<string | null | undefined>

/** The signed-in user of a request (undefined for a visitor); `resolve` replaces the production resolver (tests). */
export type CallerLookup = (db: Db, request: Request, resolve?: UserIdResolver) => Promise<Caller | undefined>

let lookup: CallerLookup | undefined

export function installCallerLookup(find: CallerLookup): void {
  lookup = find
}

export function findCaller(db: Db, request: Request, resolve?: UserIdResolver): Promise<Caller | undefined> {
  if (!lookup) throw new Error('the door has no caller lookup: call wireApp() (src/app/wiring.ts) first')
  return lookup(db, request, resolve)
}

/** True for the shop's staff: support and admins. */
export function isStaff(role: UserRole): role is StaffRole {
  return (STAFF_ROLES as readonly UserRole[]).includes(role)
}

/**
 * A passkey as the staff second factor (ADR 111, 113): the sign-in's second step and the step-up
 * prompt accept one of the staff member's own passkeys, with user verification, in place of a
 * code. Wrong answers count against the same per-account limit as wrong codes; each use is audited.
 */
import { recordAudit } from '~/modules/audit/audit.server'
import { markVerified, staffFactorLimits } from '~/modules/auth/staff-factor.server'
import type { Caller } from '~/modules/door/caller.server'
import { now } from '~/modules/time/clock'
import type { Db } from '~/server/db/client'
import { hitRateLimits, refundRateLimits } from '~/server/rate-limit'
import type { AuthenticationResponse, RequestOptions } from './passkeys.schemas'
import { authenticationOptions, verifyPasskeyUse } from './passkeys.server'

export function staffPasskeyOptions(db: Db, caller: Caller, request: Request): Promise<RequestOptions> {
  return authenticationOptions(db, request, 'staff', caller.id)
}

/** Proves the second factor for this session with a passkey (400 `passkey_not_recognised`, 429 after 5 wrong answers). */
export async function verifyStaffPasskey(
  db: Db,
  caller: Caller,
  request: Request,
  response: AuthenticationResponse,
): Promise<{ verifiedAt: string }> {
  await hitRateLimits(db, staffFactorLimits(caller.id))
  const used = await verifyPasskeyUse(db, request, response, 'staff', caller.id)
  await refundRateLimits(db, staffFactorLimits(caller.id))
  await markVerified(db, request)
  await recordAudit(db, caller, {
    action: 'staff.passkey_use',
    targetType: 'user',
    targetId: caller.id,
    before: null,
    after: { passkey: used.id, label: used.label },
  })
  return { verifiedAt: now().toISOString() }
}

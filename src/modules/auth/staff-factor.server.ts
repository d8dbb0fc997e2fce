/**
 * The staff second factor (ADR 111): TOTP (RFC 6238, otplib) with ten one-time recovery codes.
 *
 * - Enrolment: a staff member without a confirmed factor gets a new secret (shown once, with its
 *   QR code); the first right code confirms it, stores ten recovery codes hashed (SHA-256) and
 *   shows them once, and proves the factor for this session. After that the secret never leaves
 *   the server.
 * - Check: a right code (or an unused recovery code, then spent) stamps the session's
 *   `staff_verified_at` on the app's clock; the door's staff gates read it. Wrong codes count
 *   against a per-account limit (5 per 15 minutes; a right one gives its hit back).
 * Codes are checked against real time (the authenticator app knows no test clock), ±30 s, and
 * each is taken once (ADR 118): the time step of the last accepted code is kept, and a code of that
 * step or an older one is refused as used (`totp_code_used`, counted like a wrong code).
 */
import { createHash, randomBytes } from 'node:crypto'
import { and, eq, isNull, lt, or } from 'drizzle-orm'
import { generateSecret, generateURI, verify } from 'otplib'
import QRCode from 'qrcode'
import { recordAudit } from '~/modules/audit/audit.server'
import type { Caller } from '~/modules/door/caller.server'
import { AppError } from '~/modules/errors/app-error'
import { now } from '~/modules/time/clock'
import type { Db } from '~/server/db/client'
import { passkeys, sessions, staffFactors, staffRecoveryCodes } from '~/server/db/schema'
import { hitRateLimits, refundRateLimits, type Limit } from '~/server/rate-limit'
import { sessionHashFromRequest } from './session-cookie.server'

const ISSUER = 'Top-up shop'
const RECOVERY_CODES = 10

export interface StaffFactorStatus {
  enrolled: boolean
  /** When this session last proved the factor (ISO), null if not yet. */
  verifiedAt: string | null
  /** Recovery codes not used yet (enrolled accounts). */
  recoveryCodesLeft: number
}

export interface Enrolment {
  /** The otpauth:// URI and its QR code (an SVG data URL), for the authenticator app. */
  uri: string
  qrCode: string
  /** The secret in Base32, for typing it in instead. Shown only until enrolment is confirmed. */
  secret: string
}

const hashCode = (code: string) => createHash('sha256').update(code.replace(/[\s-]/g, '').toLowerCase()).digest('hex')

/** Wrong answers of either factor (a code or a passkey) count against one per-account limit. */
export const staffFactorLimits = (userId: string): Limit[] => [
  { key: `staff-factor:${userId}`, max: 5, windowSeconds: 15 * 60 },
]

function wrongCode(): never {
  throw new AppError('INVALID_INPUT', 'This code is not right', { issues: [{ path: 'code', message: 'wrong_code' }] })
}

function usedCode(): never {
  throw new AppError('INVALID_INPUT', 'This code was already used', {
    issues: [{ path: 'code', message: 'totp_code_used' }],
  })
}

/** The time step (RFC 6238 counter) a right code belongs to; undefined for a wrong one. */
async function totpStep(secret: string, code: string): Promise<number | undefined> {
  const token = code.replace(/\s/g, '')
  if (!/^\d{6}$/.test(token)) return undefined
  const result = await verify({ secret, token, epochTolerance: 30 })
  // A TOTP check's result names its time step (an HOTP one would not).
  return result.valid && 'timeStep' in result ? result.timeStep : undefined
}

/**
 * Takes a right code's time step for the account, once: one guarded UPDATE, so of two requests
 * with the same code (or a code older than the last one taken) exactly one gets a row back.
 */
async function takeTimeStep(db: Db, userId: string, step: number): Promise<boolean> {
  const taken = await db
    .update(staffFactors)
    .set({ lastTimeStep: step })
    .where(
      and(eq(staffFactors.userId, userId), or(isNull(staffFactors.lastTimeStep), lt(staffFactors.lastTimeStep, step))),
    )
    .returning({ userId: staffFactors.userId })
  return taken.length > 0
}

export async function factorStatus(db: Db, caller: Caller): Promise<StaffFactorStatus> {
  const [factor] = await db.select().from(staffFactors).where(eq(staffFactors.userId, caller.id))
  const unused = factor?.enrolledAt
    ? await db
        .select({ codeHash: staffRecoveryCodes.codeHash })
        .from(staffRecoveryCodes)
        .where(and(eq(staffRecoveryCodes.userId, caller.id), isNull(staffRecoveryCodes.usedAt)))
    : []
  return {
    enrolled: Boolean(factor?.enrolledAt),
    verifiedAt: caller.factor?.verifiedAt?.toISOString() ?? null,
    recoveryCodesLeft: unused.length,
  }
}

/** A new secret for a staff member without a confirmed factor (replaces an unconfirmed one). CONFLICT once enrolled. */
export async function startEnrolment(db: Db, caller: Caller): Promise<Enrolment> {
  const [existing] = await db.select().from(staffFactors).where(eq(staffFactors.userId, caller.id))
  // A passkey is a second factor too (ADR 113): with one, the role alone may not add another.
  const [passkey] = await db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.userId, caller.id)).limit(1)
  if (existing?.enrolledAt || passkey) {
    throw new AppError('CONFLICT', 'A second factor is already set up', {
      issues: [{ path: '', message: 'already_enrolled' }],
    })
  }
  const secret = generateSecret()
  await db
    .insert(staffFactors)
    .values({ userId: caller.id, secret })
    .onConflictDoUpdate({ target: staffFactors.userId, set: { secret, enrolledAt: null, lastTimeStep: null } })
  const uri = generateURI({ issuer: ISSUER, label: caller.email, secret })
  const svg = await QRCode.toString(uri, { type: 'svg', margin: 2 })
  const qrCode = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`
  return { uri, qrCode, secret }
}

/** Stamps the request's session: the factor (a code or a passkey, ADR 113) is proved now. */
export async function markVerified(db: Db, request: Request): Promise<void> {
  const idHash = sessionHashFromRequest(request)
  if (!idHash) throw new AppError('UNAUTHENTICATED', 'Sign-in required')
  await db.update(sessions).set({ staffVerifiedAt: now() }).where(eq(sessions.idHash, idHash))
}

/**
 * Confirms the enrolment with the first right code: the factor is on, ten recovery codes are made
 * (returned this once) and the session counts as verified. Audited.
 */
export async function confirmEnrolment(
  db: Db,
  caller: Caller,
  request: Request,
  code: string,
): Promise<{ recoveryCodes: string[] }> {
  await hitRateLimits(db, staffFactorLimits(caller.id))
  const [factor] = await db.select().from(staffFactors).where(eq(staffFactors.userId, caller.id))
  if (!factor)
    throw new AppError('CONFLICT', 'Start the set-up first', { issues: [{ path: '', message: 'not_enrolling' }] })
  if (factor.enrolledAt) {
    throw new AppError('CONFLICT', 'A second factor is already set up', {
      issues: [{ path: '', message: 'already_enrolled' }],
    })
  }
  const step = await totpStep(factor.secret, code)
  if (step === undefined) wrongCode()
  await refundRateLimits(db, staffFactorLimits(caller.id))
  const recoveryCodes = Array.from({ length: RECOVERY_CODES }, () => {
    const raw = randomBytes(5).toString('hex')
    return `${raw.slice(0, 5)}-${raw.slice(5)}`
  })
  await db.transaction(async (tx) => {
    const done = await tx
      .update(staffFactors)
      // The confirming code is taken too: it cannot prove another session afterwards.
      .set({ enrolledAt: now(), lastTimeStep: step })
      .where(and(eq(staffFactors.userId, caller.id), isNull(staffFactors.enrolledAt)))
      .returning({ userId: staffFactors.userId })
    if (done.length === 0) {
      throw new AppError('CONFLICT', 'A second factor is already set up', {
        issues: [{ path: '', message: 'already_enrolled' }],
      })
    }
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, caller.id))
    await tx.insert(staffRecoveryCodes).values(recoveryCodes.map((c) => ({ userId: caller.id, codeHash: hashCode(c) })))
    await recordAudit(tx, caller, {
      action: 'staff.factor_enrol',
      targetType: 'user',
      targetId: caller.id,
      before: { enrolled: false },
      after: { enrolled: true, method: 'totp' },
    })
  })
  await markVerified(db, request)
  return { recoveryCodes }
}

/**
 * Proves the factor for this session: a TOTP code not used before, or an unused recovery code
 * (spent). 400 `wrong_code` otherwise, `totp_code_used` for a right code already taken (both count
 * against the limit), 429 after 5 in 15 minutes (then even a right one waits).
 */
export async function verifyStaffCode(
  db: Db,
  caller: Caller,
  request: Request,
  code: string,
): Promise<{ verifiedAt: string }> {
  await hitRateLimits(db, staffFactorLimits(caller.id))
  const [factor] = await db.select().from(staffFactors).where(eq(staffFactors.userId, caller.id))
  if (!factor?.enrolledAt) {
    throw new AppError('FORBIDDEN', 'Set up your second factor first', {
      issues: [{ path: '', message: 'staff_factor_enrolment_required' }],
    })
  }
  let recovery = false
  const step = await totpStep(factor.secret, code)
  if (step !== undefined) {
    if (!(await takeTimeStep(db, caller.id, step))) usedCode()
  } else {
    const spent = await db
      .update(staffRecoveryCodes)
      .set({ usedAt: now() })
      .where(
        and(
          eq(staffRecoveryCodes.userId, caller.id),
          eq(staffRecoveryCodes.codeHash, hashCode(code)),
          isNull(staffRecoveryCodes.usedAt),
        ),
      )
      .returning({ codeHash: staffRecoveryCodes.codeHash })
    if (spent.length === 0) wrongCode()
    recovery = true
  }
  await refundRateLimits(db, staffFactorLimits(caller.id))
  await markVerified(db, request)
  if (recovery) {
    await recordAudit(db, caller, {
      action: 'staff.factor_recovery_code',
      targetType: 'user',
      targetId: caller.id,
      before: null,
      after: { used: 'recovery_code' },
    })
  }
  return { verifiedAt: now().toISOString() }
}

/** Test fixtures and the demo seed: an account enrolled with a given secret (no recovery codes shown). */
export async function enrolWithSecret(db: Db, userId: string, secret: string): Promise<void> {
  await db
    .insert(staffFactors)
    .values({ userId, secret, enrolledAt: now() })
    .onConflictDoUpdate({ target: staffFactors.userId, set: { secret, enrolledAt: now(), lastTimeStep: null } })
}

/**
 * Passkeys (WebAuthn, `@simplewebauthn/server`; ADR 113): one module for shoppers' sign-in and
 * the staff second factor. Every ceremony asks for user verification (the device's PIN or
 * biometrics), so a passkey is two factors in itself.
 *
 * - Registration: options with a single-use challenge for the signed-in account (discoverable
 *   credential, the account's other passkeys excluded), then the browser's answer is verified and
 *   stored with its public key, counter and transports under the owner's name for it.
 * - Use: the answer's challenge is taken (once), the signature checked against the stored key,
 *   and the counter must move forward (a cloned authenticator or a replayed answer is refused);
 *   the counter is written back only if nobody moved it meanwhile.
 * - Staff: adding or removing a passkey is a change of the second factor, so an enrolled staff
 *   member must have proved it within STAFF_STEP_UP_MINUTES; the changes are audited.
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server'
import { and, asc, eq, isNull, sql } from 'drizzle-orm'
import { recordAudit } from '~/modules/audit/audit.server'
import { markVerified } from '~/modules/auth/staff-factor.server'
import { isStaff, type Caller } from '~/modules/door/caller.server'
import { recentFactor } from '~/modules/door/door.server'
import { AppError } from '~/modules/errors/app-error'
import { now } from '~/modules/time/clock'
import type { Db } from '~/server/db/client'
import { passkeys, staffFactors, users, type PasskeyPurpose } from '~/server/db/schema'
import { CEREMONY_TIMEOUT_MS, challengeOf, issueChallenge, takeChallenge } from './challenges.server'
import type {
  AuthenticationResponse,
  CreationOptions,
  PasskeyView,
  RegistrationResponse,
  RequestOptions,
} from './passkeys.schemas'
import { RP_NAME, relyingParty } from './relying-party.server'

/** Enough for every device a person owns; bounds what one account can store. */
export const MAX_PASSKEYS = 10

type PasskeyRow = typeof passkeys.$inferSelect

function refuse(code: 'INVALID_INPUT' | 'CONFLICT' | 'NOT_FOUND' | 'FORBIDDEN', issue: string, message: string): never {
  throw new AppError(code, message, { issues: [{ path: '', message: issue }] })
}

const notRecognised = (): never => refuse('INVALID_INPUT', 'passkey_not_recognised', 'This passkey is not recognised')
const expired = (): never =>
  refuse('INVALID_INPUT', 'passkey_expired', 'This passkey request has expired or was already answered')

/** As bytes: the library would take a string for UTF-8 text and send its base64url instead. */
const challengeBytes = (challenge: string) => new Uint8Array(Buffer.from(challenge, 'base64url'))

/** The WebAuthn user handle of an account: its id's 16 bytes (opaque, stable). */
const userHandle = (userId: string) => Buffer.from(userId.replace(/-/g, ''), 'hex')

function view(row: PasskeyRow): PasskeyView {
  return {
    id: row.id,
    label: row.label,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    multiDevice: row.multiDevice,
  }
}

/**
 * Staff with a second factor change it only with a recent proof (a stolen password alone must not
 * add the thief's passkey or remove the owner's). Shoppers and staff still enrolling pass.
 */
function mayChangeFactors(caller: Caller): void {
  if (!isStaff(caller.role) || !caller.factor?.enrolled) return
  try {
    recentFactor(caller)
  } catch {
    refuse('FORBIDDEN', 'passkey_staff_confirm', 'Confirm your second factor in the back office first')
  }
}

export async function listPasskeys(db: Db, userId: string): Promise<PasskeyView[]> {
  const rows = await db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt))
  return rows.map(view)
}

export async function registrationOptions(db: Db, caller: Caller, request: Request): Promise<CreationOptions> {
  mayChangeFactors(caller)
  const own = await db
    .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, caller.id))
  if (own.length >= MAX_PASSKEYS) refuse('CONFLICT', 'too_many_passkeys', 'This account has the most passkeys allowed')
  const rp = relyingParty(request)
  const { extensions: _none, ...options } = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: rp.rpID,
    userName: caller.email,
    userDisplayName: caller.email,
    userID: userHandle(caller.id),
    challenge: challengeBytes(await issueChallenge(db, 'register', caller.id)),
    timeout: CEREMONY_TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: own.map((c) => ({ id: c.credentialId, transports: c.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  })
  return options
}

/** Takes the response's challenge (once) or refuses: expired, answered already, or someone else's. */
async function answeredChallenge(
  db: Db,
  clientDataJSON: string,
  purpose: PasskeyPurpose,
  userId: string | null,
): Promise<string> {
  const challenge = challengeOf(clientDataJSON)
  if (!challenge) return notRecognised()
  if (!(await takeChallenge(db, challenge, purpose, userId))) return expired()
  return challenge
}

/**
 * Verifies the browser's registration and stores the passkey. CONFLICT
 * `passkey_already_registered` when this credential is stored already (on any account). A staff
 * member's first passkey is their second factor: this session counts as proved (like a first TOTP
 * code).
 */
export async function addPasskey(
  db: Db,
  caller: Caller,
  request: Request,
  input: { label: string; response: RegistrationResponse },
): Promise<PasskeyView> {
  mayChangeFactors(caller)
  const rp = relyingParty(request)
  const expectedChallenge = await answeredChallenge(db, input.response.response.clientDataJSON, 'register', caller.id)
  const verification = await verifyRegistrationResponse({
    response: input.response,
    expectedChallenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.rpID,
    requireUserVerification: true,
  }).catch(() => notRecognised())
  if (!verification.verified) return notRecognised()
  const { credential, credentialDeviceType, credentialBackedUp } = verification.registrationInfo
  const staff = isStaff(caller.role)
  const row = await db.transaction(async (tx) => {
    const [count] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(passkeys)
      .where(eq(passkeys.userId, caller.id))
    if ((count?.n ?? 0) >= MAX_PASSKEYS) {
      refuse('CONFLICT', 'too_many_passkeys', 'This account has the most passkeys allowed')
    }
    const [stored] = await tx
      .insert(passkeys)
      .values({
        userId: caller.id,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: (input.response.response.transports ?? []).slice(0, 10),
        label: input.label,
        multiDevice: credentialDeviceType === 'multiDevice',
        backedUp: credentialBackedUp,
      })
      .onConflictDoNothing({ target: passkeys.credentialId })
      .returning()
    if (!stored) {
      refuse('CONFLICT', 'passkey_already_registered', 'This passkey is registered already')
    }
    if (staff) {
      await recordAudit(tx, caller, {
        action: 'staff.passkey_add',
        targetType: 'user',
        targetId: caller.id,
        before: null,
        after: { passkey: stored.id, label: stored.label },
      })
    }
    return stored
  })
  if (staff && !caller.factor?.enrolled) await markVerified(db, request)
  return view(row)
}

/**
 * Removes one of the caller's passkeys. NOT_FOUND `passkey_not_found` for none of theirs; staff
 * cannot remove their last factor (CONFLICT `last_staff_factor`): the back office would lock them
 * out. The account's passkeys are locked, so two removals at once cannot both pass that check.
 */
export async function removePasskey(db: Db, caller: Caller, id: string): Promise<{ removed: string }> {
  mayChangeFactors(caller)
  return db.transaction(async (tx) => {
    const own = await tx
      .select({ id: passkeys.id, label: passkeys.label })
      .from(passkeys)
      .where(eq(passkeys.userId, caller.id))
      .for('update')
    const target = own.find((p) => p.id === id)
    if (!target) return refuse('NOT_FOUND', 'passkey_not_found', 'No such passkey')
    if (isStaff(caller.role) && own.length === 1) {
      const [totp] = await tx
        .select({ enrolledAt: staffFactors.enrolledAt })
        .from(staffFactors)
        .where(eq(staffFactors.userId, caller.id))
      if (!totp?.enrolledAt) {
        refuse('CONFLICT', 'last_staff_factor', 'Staff keep at least one second factor')
      }
    }
    await tx.delete(passkeys).where(and(eq(passkeys.id, id), eq(passkeys.userId, caller.id)))
    if (isStaff(caller.role)) {
      await recordAudit(tx, caller, {
        action: 'staff.passkey_remove',
        targetType: 'user',
        targetId: caller.id,
        before: { passkey: target.id, label: target.label },
        after: null,
      })
    }
    return { removed: target.id }
  })
}

/**
 * Options for using a passkey. Sign-in (no account yet): any discoverable passkey of this site;
 * staff: one of the staff member's own.
 */
export async function authenticationOptions(
  db: Db,
  request: Request,
  purpose: 'sign-in' | 'staff',
  userId: string | null,
): Promise<RequestOptions> {
  const own = userId
    ? await db
        .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
        .from(passkeys)
        .where(eq(passkeys.userId, userId))
    : []
  if (purpose === 'staff' && own.length === 0) {
    refuse('CONFLICT', 'no_passkey', 'No passkey is set up for this account')
  }
  const { extensions: _none, ...options } = await generateAuthenticationOptions({
    rpID: relyingParty(request).rpID,
    challenge: challengeBytes(await issueChallenge(db, purpose, userId)),
    timeout: CEREMONY_TIMEOUT_MS,
    userVerification: 'required',
    allowCredentials: own.map((c) => ({ id: c.credentialId, transports: c.transports })),
  })
  return options
}

/**
 * Checks a passkey answer: the challenge (taken once), the credential (the given account's, when
 * one is given), the signature with user verification, and a counter that moved forward. Returns
 * the passkey's row; refuses with `passkey_not_recognised` / `passkey_expired`.
 */
export async function verifyPasskeyUse(
  db: Db,
  request: Request,
  response: AuthenticationResponse,
  purpose: 'sign-in' | 'staff',
  userId: string | null,
): Promise<PasskeyRow> {
  const expectedChallenge = await answeredChallenge(db, response.response.clientDataJSON, purpose, userId)
  // A deleted account (privacy) keeps no passkeys; should one remain, it signs nobody in.
  const [found] = await db
    .select({ passkey: passkeys })
    .from(passkeys)
    .innerJoin(users, eq(users.id, passkeys.userId))
    .where(
      and(
        eq(passkeys.credentialId, response.id),
        isNull(users.deletedAt),
        userId ? eq(passkeys.userId, userId) : undefined,
      ),
    )
  const row = found?.passkey
  if (!row) return notRecognised()
  const handle = response.response.userHandle
  if (handle && handle !== userHandle(row.userId).toString('base64url')) return notRecognised()
  const rp = relyingParty(request)
  const verification = await verifyAuthenticationResponse({
    response,
    expectedChallenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.rpID,
    credential: {
      id: row.credentialId,
      publicKey: new Uint8Array(Buffer.from(row.publicKey, 'base64url')),
      counter: row.counter,
      transports: row.transports,
    },
    requireUserVerification: true,
  }).catch(() => notRecognised())
  if (!verification.verified) return notRecognised()
  const { newCounter, credentialBackedUp } = verification.authenticationInfo
  // Written only over the counter just checked: of two answers racing with one counter value, one wins.
  const [used] = await db
    .update(passkeys)
    .set({ counter: newCounter, lastUsedAt: now(), backedUp: credentialBackedUp })
    .where(and(eq(passkeys.id, row.id), eq(passkeys.counter, row.counter)))
    .returning()
  if (!used) return notRecognised()
  return used
}

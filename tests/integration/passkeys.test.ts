/**
 * Passkeys (ADR 113, 115) on PGlite and, with TEST_DATABASE_URL, on PostgreSQL: real WebAuthn
 * answers from a software authenticator (ES256 keys, passkey-authenticator.ts) checked by
 * `@simplewebauthn/server`, through the use cases and the door with real session cookies.
 * Challenges are answered once and expire; a counter that does not move forward is refused; a
 * removed passkey no longer signs in; a staff member with only a passkey passes the staff gates,
 * is asked again after the step-up window, and every staff change or use is audited.
 */
import { eq } from 'drizzle-orm'
import { generate } from 'otplib'
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import { listAudit } from '../../src/modules/admin/audit.server'
import { startEnrolment } from '../../src/modules/auth/staff-factor.server'
import { openDoor } from '../../src/modules/door/door.server'
import type { Caller } from '../../src/modules/door/caller.server'
import {
  addPasskey,
  authenticationOptions,
  listPasskeys,
  registrationOptions,
  removePasskey,
  verifyPasskeyUse,
} from '../../src/modules/passkeys/passkeys.server'
import { staffPasskeyOptions, verifyStaffPasskey } from '../../src/modules/passkeys/staff-passkey.server'
import { setClockOffset } from '../../src/modules/time/clock'
import type { Db } from '../../src/server/db/client'
import * as t from '../../src/server/db/schema'
import { sessionCookie } from './doors'
import { makeUser, openTestDb, type TestDb } from './orders-fixtures'
import { SoftAuthenticator } from './passkey-authenticator'
import { ordersConfigForFile } from './test-config'
import { describeOnEachDriver } from './throwaway-db'
import { refusal } from './refusal'

// The relying party is PUBLIC_ORIGIN: its host is the RP ID, itself the only accepted origin.
const ORIGIN = 'https://shop.test'
ordersConfigForFile({ PUBLIC_ORIGIN: ORIGIN, STAFF_STEP_UP_MINUTES: '15' })

describeOnEachDriver('passkeys', (driver) => {
  let tdb: TestDb
  let db: Db
  beforeAll(async () => {
    tdb = await openTestDb(driver)
    db = tdb.db
  }, 120_000)
  afterEach(() => setClockOffset(0))
  afterAll(async () => {
    await tdb?.close()
  })

  // Whatever host a request names, the relying party stays PUBLIC_ORIGIN's.
  const requestWith = (cookie = '') => new Request('http://elsewhere.test/_serverFn/x', { headers: { cookie } })
  const callerOf = async (cookie: string) => (await (await openDoor(requestWith(cookie), { db })).user()) as Caller

  async function account(role: 'customer' | 'support' | 'admin' = 'customer', staffVerifiedAt?: Date | null) {
    const id = await makeUser(db, role)
    if (role !== 'customer') await db.update(t.users).set({ role }).where(eq(t.users.id, id))
    const cookie = await sessionCookie(db, id, { staffVerifiedAt })
    return { id, cookie, caller: await callerOf(cookie), device: new SoftAuthenticator(ORIGIN) }
  }

  async function enrolPasskey(who: Awaited<ReturnType<typeof account>>, label = 'Laptop') {
    const options = await registrationOptions(db, who.caller, requestWith(who.cookie))
    return addPasskey(db, who.caller, requestWith(who.cookie), { label, response: who.device.register(options) })
  }

  const signInOptions = () => authenticationOptions(db, requestWith(), 'sign-in', null)

  it('registers a named, discoverable passkey with user verification and signs in with it', async () => {
    const shopper = await account()
    const options = await registrationOptions(db, shopper.caller, requestWith(shopper.cookie))
    expect(options.rp).toEqual({ name: 'TopUp Hub', id: 'shop.test' })
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' })
    const added = await addPasskey(db, shopper.caller, requestWith(shopper.cookie), {
      label: 'Laptop',
      response: shopper.device.register(options),
    })
    expect(added).toMatchObject({ label: 'Laptop', lastUsedAt: null })
    const [stored] = await db.select().from(t.passkeys).where(eq(t.passkeys.userId, shopper.id))
    expect(stored).toMatchObject({ counter: 0, transports: ['internal'] })

    // Usernameless sign-in: no credentials listed, the passkey names the account.
    const request = await signInOptions()
    expect(request.allowCredentials ?? []).toEqual([])
    expect(request.userVerification).toBe('required')
    const used = await verifyPasskeyUse(db, requestWith(), shopper.device.assert(request), 'sign-in', null)
    expect(used.userId).toBe(shopper.id)
    expect(used.counter).toBe(1)
    const [listed] = await listPasskeys(db, shopper.id)
    expect(listed!.lastUsedAt).not.toBeNull()

    // The account's own passkeys are excluded from its next registration.
    const again = await registrationOptions(db, shopper.caller, requestWith(shopper.cookie))
    expect(again.excludeCredentials?.map((c) => c.id)).toEqual([stored!.credentialId])
  })

  it('answers each challenge once: a replayed registration or assertion is refused', async () => {
    const shopper = await account()
    const options = await registrationOptions(db, shopper.caller, requestWith(shopper.cookie))
    const response = shopper.device.register(options)
    await addPasskey(db, shopper.caller, requestWith(shopper.cookie), { label: 'Phone', response })
    expect(
      await refusal(addPasskey(db, shopper.caller, requestWith(shopper.cookie), { label: 'Phone', response })),
    ).toEqual({ code: 'INVALID_INPUT', issues: ['passkey_expired'] })

    const assertion = shopper.device.assert(await signInOptions())
    await verifyPasskeyUse(db, requestWith(), assertion, 'sign-in', null)
    expect(await refusal(verifyPasskeyUse(db, requestWith(), assertion, 'sign-in', null))).toEqual({
      code: 'INVALID_INPUT',
      issues: ['passkey_expired'],
    })
    // Two answers to one challenge at once: one wins.
    const racing = await signInOptions()
    const results = await Promise.allSettled([
      verifyPasskeyUse(db, requestWith(), shopper.device.assert(racing), 'sign-in', null),
      verifyPasskeyUse(db, requestWith(), shopper.device.assert(racing), 'sign-in', null),
    ])
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
  })

  it('refuses an expired challenge, another purpose’s or another account’s, and a foreign origin', async () => {
    const shopper = await account()
    await enrolPasskey(shopper)

    const late = await signInOptions()
    await db
      .update(t.passkeyChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(t.passkeyChallenges.challenge, late.challenge))
    expect(await refusal(verifyPasskeyUse(db, requestWith(), shopper.device.assert(late), 'sign-in', null))).toEqual({
      code: 'INVALID_INPUT',
      issues: ['passkey_expired'],
    })

    // A registration challenge cannot be answered as a sign-in (nor the other way round).
    const registration = await registrationOptions(db, shopper.caller, requestWith(shopper.cookie))
    const misused = shopper.device.assert({ challenge: registration.challenge, rpId: 'shop.test' })
    expect(await refusal(verifyPasskeyUse(db, requestWith(), misused, 'sign-in', null))).toMatchObject({
      issues: ['passkey_expired'],
    })
    // Another account's registration challenge.
    const other = await account()
    const othersOptions = await registrationOptions(db, other.caller, requestWith(other.cookie))
    expect(
      await refusal(
        addPasskey(db, shopper.caller, requestWith(shopper.cookie), {
          label: 'Stolen',
          response: shopper.device.register(othersOptions),
        }),
      ),
    ).toMatchObject({ issues: ['passkey_expired'] })

    // Signed for another site: the signature is fine, the origin is not ours.
    const phished = shopper.device.assert(await signInOptions(), { origin: 'https://shop.test.evil.example' })
    expect(await refusal(verifyPasskeyUse(db, requestWith(), phished, 'sign-in', null))).toEqual({
      code: 'INVALID_INPUT',
      issues: ['passkey_not_recognised'],
    })
    // Without user verification (presence only).
    const unverified = shopper.device.assert(await signInOptions(), { userVerified: false })
    expect(await refusal(verifyPasskeyUse(db, requestWith(), unverified, 'sign-in', null))).toMatchObject({
      issues: ['passkey_not_recognised'],
    })
  })

  it('refuses a counter that does not move forward (a cloned authenticator) and keeps the stored one', async () => {
    const shopper = await account()
    await enrolPasskey(shopper)
    await verifyPasskeyUse(
      db,
      requestWith(),
      shopper.device.assert(await signInOptions(), { counter: 7 }),
      'sign-in',
      null,
    )
    for (const counter of [7, 3]) {
      const clone = shopper.device.assert(await signInOptions(), { counter })
      expect(await refusal(verifyPasskeyUse(db, requestWith(), clone, 'sign-in', null))).toEqual({
        code: 'INVALID_INPUT',
        issues: ['passkey_not_recognised'],
      })
    }
    const [stored] = await db.select().from(t.passkeys).where(eq(t.passkeys.userId, shopper.id))
    expect(stored!.counter).toBe(7)
    await verifyPasskeyUse(
      db,
      requestWith(),
      shopper.device.assert(await signInOptions(), { counter: 8 }),
      'sign-in',
      null,
    )
  })

  it('removes a passkey: it no longer signs in; another account’s passkey cannot be removed; one credential, one account', async () => {
    const shopper = await account()
    const laptop = await enrolPasskey(shopper, 'Laptop')
    const phone = await enrolPasskey(shopper, 'Phone')
    expect((await listPasskeys(db, shopper.id)).map((p) => p.label)).toEqual(['Laptop', 'Phone'])

    const stranger = await account()
    expect(await refusal(removePasskey(db, stranger.caller, laptop.id))).toEqual({
      code: 'NOT_FOUND',
      issues: ['passkey_not_found'],
    })
    await removePasskey(db, shopper.caller, laptop.id)
    expect((await listPasskeys(db, shopper.id)).map((p) => p.id)).toEqual([phone.id])
    expect(await refusal(removePasskey(db, shopper.caller, laptop.id))).toMatchObject({ code: 'NOT_FOUND' })
    const removed = shopper.device.assert(await signInOptions(), { credential: shopper.device.credentials[0] })
    expect(await refusal(verifyPasskeyUse(db, requestWith(), removed, 'sign-in', null))).toEqual({
      code: 'INVALID_INPUT',
      issues: ['passkey_not_recognised'],
    })

    // The same credential offered to a second account: refused, nothing half-written.
    const options = await registrationOptions(db, stranger.caller, requestWith(stranger.cookie))
    const response = shopper.device.register(options)
    await addPasskey(db, stranger.caller, requestWith(stranger.cookie), { label: 'Mine', response })
    const options2 = await registrationOptions(db, shopper.caller, requestWith(shopper.cookie))
    const sameId = shopper.device.register(options2, { credentialId: Buffer.from(response.id, 'base64url') })
    expect(
      await refusal(addPasskey(db, shopper.caller, requestWith(shopper.cookie), { label: 'Dup', response: sameId })),
    ).toEqual({ code: 'CONFLICT', issues: ['passkey_already_registered'] })
    expect((await listPasskeys(db, shopper.id)).map((p) => p.label)).toEqual(['Phone'])
  })

  it('signs nobody in with the passkey of a deleted account', async () => {
    const shopper = await account()
    await enrolPasskey(shopper)
    await db.update(t.users).set({ deletedAt: new Date() }).where(eq(t.users.id, shopper.id))
    const answer = shopper.device.assert(await signInOptions())
    expect(await refusal(verifyPasskeyUse(db, requestWith(), answer, 'sign-in', null))).toEqual({
      code: 'INVALID_INPUT',
      issues: ['passkey_not_recognised'],
    })
  })

  it('lets a staff member with only a passkey through the staff gates, asks again after the step-up window, and audits it', async () => {
    const admin = await account('admin', null)
    const door = async (cookie: string) => openDoor(requestWith(cookie), { db })
    expect(await refusal((await door(admin.cookie)).admin())).toMatchObject({
      issues: ['staff_factor_enrolment_required'],
    })

    // Enrolment with a passkey proves the factor for this session, like a first TOTP code.
    const passkey = await enrolPasskey(admin, 'Office key')
    expect((await (await door(admin.cookie)).admin()).id).toBe(admin.id)
    expect(await listAudit(db, { targetId: admin.id, action: 'staff.passkey_add' })).toHaveLength(1)
    // The role alone can no longer add a TOTP app beside it.
    expect(await refusal(startEnrolment(db, admin.caller))).toEqual({ code: 'CONFLICT', issues: ['already_enrolled'] })

    // A new sign-in: the code page's passkey.
    const next = await sessionCookie(db, admin.id, { staffVerifiedAt: null })
    const nextCaller = await callerOf(next)
    expect(nextCaller.factor).toMatchObject({ enrolled: true, passkey: true, totp: false })
    expect(await refusal((await door(next)).staff())).toEqual({ code: 'FORBIDDEN', issues: ['staff_factor_required'] })
    // A stolen password alone adds no passkey and removes none.
    expect(await refusal(registrationOptions(db, nextCaller, requestWith(next)))).toEqual({
      code: 'FORBIDDEN',
      issues: ['passkey_staff_confirm'],
    })
    expect(await refusal(removePasskey(db, nextCaller, passkey.id))).toMatchObject({
      issues: ['passkey_staff_confirm'],
    })
    const options = await staffPasskeyOptions(db, nextCaller, requestWith(next))
    expect(options.allowCredentials?.map((c) => c.id)).toEqual([admin.device.credentials[0]!.id.toString('base64url')])
    // A sign-in challenge does not prove the staff factor.
    const wrongPurpose = admin.device.assert(await signInOptions())
    expect(await refusal(verifyStaffPasskey(db, nextCaller, requestWith(next), wrongPurpose))).toMatchObject({
      issues: ['passkey_expired'],
    })
    await verifyStaffPasskey(db, nextCaller, requestWith(next), admin.device.assert(options))
    await (await door(next)).adminStepUp()
    expect(await listAudit(db, { targetId: admin.id, action: 'staff.passkey_use' })).toHaveLength(1)

    // After STAFF_STEP_UP_MINUTES the step-up gate asks again; the passkey answers it.
    setClockOffset(16 * 60_000)
    expect(await refusal((await door(next)).adminStepUp())).toMatchObject({ issues: ['staff_step_up_required'] })
    const stepUp = await staffPasskeyOptions(db, nextCaller, requestWith(next))
    await verifyStaffPasskey(db, await callerOf(next), requestWith(next), admin.device.assert(stepUp))
    await (await door(next)).adminStepUp()

    // The last factor stays; with a second passkey, one can go (audited).
    const verified = await callerOf(next)
    expect(await refusal(removePasskey(db, verified, passkey.id))).toEqual({
      code: 'CONFLICT',
      issues: ['last_staff_factor'],
    })
    const spare = await enrolPasskey({ ...admin, cookie: next, caller: verified }, 'Spare key')
    await removePasskey(db, verified, passkey.id)
    expect((await listPasskeys(db, admin.id)).map((p) => p.id)).toEqual([spare.id])
    expect(await listAudit(db, { targetId: admin.id, action: 'staff.passkey_remove' })).toHaveLength(1)
  })

  it('counts wrong staff passkey answers with wrong codes: 429 after five', async () => {
    const support = await account('support', null)
    await enrolPasskey(support)
    const fresh = await sessionCookie(db, support.id, { staffVerifiedAt: null })
    const caller = await callerOf(fresh)
    for (let i = 0; i < 5; i++) {
      const bad = support.device.assert(await staffPasskeyOptions(db, caller, requestWith(fresh)), {
        origin: 'https://phish.example',
      })
      expect(await refusal(verifyStaffPasskey(db, caller, requestWith(fresh), bad))).toMatchObject({
        code: 'INVALID_INPUT',
      })
    }
    const good = support.device.assert(await staffPasskeyOptions(db, caller, requestWith(fresh)))
    expect(await refusal(verifyStaffPasskey(db, caller, requestWith(fresh), good))).toMatchObject({
      code: 'RATE_LIMITED',
    })
  })

  it('keeps a TOTP-enrolled staff member’s passkeys behind a recent proof', async () => {
    const admin = await account('admin', null)
    const { secret } = await startEnrolment(db, admin.caller)
    const { confirmEnrolment } = await import('../../src/modules/auth/staff-factor.server')
    await confirmEnrolment(db, admin.caller, requestWith(admin.cookie), await generate({ secret }))
    const verified = await callerOf(admin.cookie)
    const added = await enrolPasskey({ ...admin, caller: verified }, 'Backup')
    expect(added.label).toBe('Backup')
    setClockOffset(16 * 60_000)
    expect(await refusal(removePasskey(db, await callerOf(admin.cookie), added.id))).toMatchObject({
      issues: ['passkey_staff_confirm'],
    })
    setClockOffset(0)
    // With TOTP kept, the only passkey may go.
    await removePasskey(db, await callerOf(admin.cookie), added.id)
  })
})

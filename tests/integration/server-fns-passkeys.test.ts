/**
 * Passkeys' server functions (ADR 113, 115) called in-process (server-fns.ts, ADR 065): one row per
 * function — 401 for a visitor, 403 for a shopper at the staff factor, 400 for malformed input —
 * and the answers, with a real registration by the software authenticator for `addPasskeyFn`.
 */
import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, vi } from 'vitest'
import * as passkeyFns from '../../src/modules/passkeys/passkeys.functions'
import type { CreationOptions } from '../../src/modules/passkeys/passkeys.schemas'
import { relyingParty } from '../../src/modules/passkeys/relying-party.server'
import { closeDb, getDb, type Db } from '../../src/server/db/client'
import * as t from '../../src/server/db/schema'
import { SoftAuthenticator } from './passkey-authenticator'
import { callServerFn, doorTable, makeCallers, okData, refusalOf, resultOf, type DoorRow, type Who } from './server-fns'
import { ordersConfigForFile } from './test-config'

ordersConfigForFile()

vi.mock('@tanstack/react-start', async (original) => (await import('./server-fns')).providerStart(await original()))

let db: Db
beforeAll(async () => {
  db = await getDb()
}, 120_000)
afterAll(async () => {
  await closeDb()
})

const caller = makeCallers(() => db)
const b64url = () => randomBytes(32).toString('base64url')

/** A stored passkey for `who` (its key is never checked by the rows that use it). */
async function storedPasskey(who: Who) {
  const [row] = await db
    .insert(t.passkeys)
    .values({ userId: who.id, credentialId: b64url(), publicKey: b64url(), label: 'Desk key' })
    .returning()
  return row!
}

/** A well-formed answer to a challenge nobody issued. */
const strayAnswer = () => ({
  id: b64url(),
  rawId: b64url(),
  type: 'public-key' as const,
  response: {
    clientDataJSON: Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge: b64url() })).toString('base64url'),
    authenticatorData: b64url(),
    signature: b64url(),
  },
  clientExtensionResults: {},
})

const rows: Record<string, DoorRow> = {
  myPasskeysFn: {
    gate: 'user',
    input: async (who) => void (await storedPasskey(who)),
    ok: (a) => expect(resultOf<{ label: string }[]>(a).map((p) => p.label)).toEqual(['Desk key']),
  },
  passkeyRegistrationOptionsFn: {
    gate: 'user',
    ok: (a) =>
      expect(okData(a)).toMatchObject({
        challenge: expect.any(String),
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      }),
  },
  addPasskeyFn: {
    gate: 'user',
    input: async (who) => {
      const options = okData<CreationOptions>(
        await callServerFn(passkeyFns.passkeyRegistrationOptionsFn, undefined, who),
      )
      const device = new SoftAuthenticator(relyingParty(new Request('http://shop.test/')).origin)
      return { label: 'Laptop', response: device.register(options) }
    },
    invalid: { data: { label: ' ', response: {} }, issue: 'too_small' },
    ok: async (a, who) => {
      expect(okData(a)).toMatchObject({ label: 'Laptop', lastUsedAt: null })
      expect(await db.select().from(t.passkeys).where(eq(t.passkeys.userId, who.id))).toHaveLength(1)
    },
  },
  removePasskeyFn: {
    gate: 'user',
    input: async (who) => ({ id: (await storedPasskey(who)).id }),
    invalid: { data: { id: 'x' }, issue: 'invalid_format' },
    ok: async (a, who) => {
      okData(a)
      expect(await db.select().from(t.passkeys).where(eq(t.passkeys.userId, who.id))).toEqual([])
    },
  },
  passkeySignInOptionsFn: {
    gate: 'anyone',
    ok: (a) => expect(okData(a)).toMatchObject({ challenge: expect.any(String), userVerification: 'required' }),
  },
  staffPasskeyOptionsFn: {
    gate: 'staff',
    input: async (who) => void (await storedPasskey(who)),
    ok: (a) => expect(okData<{ allowCredentials: unknown[] }>(a).allowCredentials).toHaveLength(1),
  },
  verifyStaffPasskeyFn: {
    gate: 'staff',
    input: () => ({ response: strayAnswer() }),
    invalid: { data: { response: { id: 'x' } }, issue: 'invalid_value' },
    ok: (a) => expect(refusalOf(a, 'INVALID_INPUT').issues).toEqual(['passkey_expired']),
  },
}

doorTable({ 'passkeys/passkeys.functions.ts': passkeyFns }, rows, { caller })

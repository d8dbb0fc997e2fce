/**
 * Saved player profiles (PGlite): saving checks the player with the supplier and stores the
 * nickname; the first profile is the default; duplicates, the cap, other shoppers' ids and
 * another game's offer are refused with codes.
 */
import { randomBytes } from 'node:crypto'
import { and, asc, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { MAX_PROFILES_PER_GAME } from '../../src/modules/fulfilment/player-profiles.schemas'
import {
  chooseProfileForOffer,
  deleteProfile,
  listAllProfiles,
  listProfilesForOffer,
  renameProfile,
  saveProfile,
  setDefaultProfile,
  type LookupContext,
} from '../../src/modules/fulfilment/player-profiles.server'
import { supplierFor } from '../../src/modules/fulfilment/suppliers.server'
import { sandboxNickname } from '../../src/server/fulfilment/sandbox/supplier.server'
import * as t from '../../src/server/db/schema'
import { makeUser, pgliteForFile } from './orders-fixtures'
import { ordersConfigForFile } from './test-config'

ordersConfigForFile()

const db = pgliteForFile()

interface TopUpOffer {
  offerId: number
  gameId: number
  server?: string
}

/** The first two top-up games' offers, A with a server field (Starfall Legends) and B another game. */
async function topUpOffers(): Promise<[TopUpOffer, TopUpOffer]> {
  const rows = await db()
    .select({ offerId: t.offers.id, gameId: t.games.id, fields: t.games.playerFields })
    .from(t.offers)
    .innerJoin(t.games, eq(t.games.id, t.offers.gameId))
    .where(and(eq(t.offers.kind, 'topup'), eq(t.offers.active, true)))
    .orderBy(asc(t.offers.id))
  const offers = rows
    .filter((r) => r.fields.some((f) => f.key === 'playerId'))
    .map((r) => ({
      offerId: r.offerId,
      gameId: r.gameId,
      server: r.fields.find((f) => f.key === 'server')?.options?.[0]?.value,
    }))
  const a = offers.find((o) => o.server)!
  const b = offers.find((o) => o.gameId !== a.gameId)!
  return [a, b]
}

function lookup(userId: string): LookupContext {
  // A fresh address per test keeps the per-address lookup budget out of the way.
  return { supplier: supplierFor(db()), caller: { ip: `10.9.${randomBytes(1)[0]}.${randomBytes(1)[0]}`, userId } }
}

function playerOf(offer: TopUpOffer, playerId: string): Record<string, string> {
  return offer.server ? { playerId, server: offer.server } : { playerId }
}

const refusal = (code: string, issue: string) => ({ code, issues: [expect.objectContaining({ message: issue })] })

describe('saved player profiles', () => {
  it('saves after the supplier check, stores the nickname and makes the first one the default', async () => {
    const [a] = await topUpOffers()
    const user = await makeUser(db(), 'saver')
    const first = await saveProfile(
      db(),
      user,
      { offerId: a.offerId, label: 'Main', player: playerOf(a, '123456789') },
      lookup(user),
    )
    expect(first).toMatchObject({
      gameId: a.gameId,
      label: 'Main',
      nickname: sandboxNickname('123456789'),
      isDefault: true,
    })
    expect(first.player).toEqual(playerOf(a, '123456789'))
    const second = await saveProfile(
      db(),
      user,
      { offerId: a.offerId, label: 'Alt', player: playerOf(a, '22334455') },
      lookup(user),
    )
    expect(second.isDefault).toBe(false)

    expect((await listProfilesForOffer(db(), user, a.offerId)).map((p) => [p.label, p.isDefault])).toEqual([
      ['Main', true],
      ['Alt', false],
    ])
    const moved = await setDefaultProfile(db(), user, { id: second.id, gameId: a.gameId })
    expect(moved.isDefault).toBe(true)
    expect((await listProfilesForOffer(db(), user, a.offerId)).map((p) => [p.label, p.isDefault])).toEqual([
      ['Alt', true],
      ['Main', false],
    ])
    expect(await renameProfile(db(), user, { id: first.id, gameId: a.gameId }, 'Smurf')).toMatchObject({
      label: 'Smurf',
    })
    const [group] = await listAllProfiles(db(), user, 'de')
    expect(group).toMatchObject({ gameId: a.gameId, gameName: expect.any(String) })
    expect(group!.profiles.map((p) => p.label)).toEqual(['Alt', 'Smurf'])

    // Deleting the default promotes the newest remaining profile.
    await saveProfile(db(), user, { offerId: a.offerId, label: 'Third', player: playerOf(a, '33445566') }, lookup(user))
    await deleteProfile(db(), user, { id: second.id, gameId: a.gameId })
    expect((await listProfilesForOffer(db(), user, a.offerId)).map((p) => [p.label, p.isDefault])).toEqual([
      ['Third', true],
      ['Smurf', false],
    ])
  })

  it('refuses a player the supplier does not know (IDs starting with 9) and saves nothing', async () => {
    const [a] = await topUpOffers()
    const user = await makeUser(db(), 'unknown')
    await expect(
      saveProfile(db(), user, { offerId: a.offerId, label: 'Ghost', player: playerOf(a, '912345678') }, lookup(user)),
    ).rejects.toMatchObject(refusal('INVALID_INPUT', 'player_not_found'))
    await expect(
      saveProfile(db(), user, { offerId: a.offerId, label: 'Bad', player: playerOf(a, '12ab') }, lookup(user)),
    ).rejects.toMatchObject(refusal('INVALID_INPUT', 'format'))
    expect(await listProfilesForOffer(db(), user, a.offerId)).toEqual([])
  })

  it('refuses the same account twice and more than the cap per game', async () => {
    const [a] = await topUpOffers()
    const user = await makeUser(db(), 'collector')
    await saveProfile(db(), user, { offerId: a.offerId, label: 'One', player: playerOf(a, '100000001') }, lookup(user))
    await expect(
      saveProfile(db(), user, { offerId: a.offerId, label: 'Again', player: playerOf(a, '100000001') }, lookup(user)),
    ).rejects.toMatchObject(refusal('CONFLICT', 'duplicate_profile'))
    for (let i = 2; i <= MAX_PROFILES_PER_GAME; i++) {
      await saveProfile(
        db(),
        user,
        { offerId: a.offerId, label: `P${i}`, player: playerOf(a, `1000000${10 + i}`) },
        lookup(user),
      )
    }
    await expect(
      saveProfile(db(), user, { offerId: a.offerId, label: 'Over', player: playerOf(a, '100000099') }, lookup(user)),
    ).rejects.toMatchObject(refusal('CONFLICT', 'too_many_profiles'))
    expect(await listProfilesForOffer(db(), user, a.offerId)).toHaveLength(MAX_PROFILES_PER_GAME)
  })

  it("is NOT_FOUND for another shopper's profile and for another game's offer", async () => {
    const [a, b] = await topUpOffers()
    const owner = await makeUser(db(), 'owner')
    const other = await makeUser(db(), 'other')
    const profile = await saveProfile(
      db(),
      owner,
      { offerId: a.offerId, label: 'Mine', player: playerOf(a, '123123123') },
      lookup(owner),
    )
    const ref = { id: profile.id, gameId: a.gameId }
    const notFound = { code: 'NOT_FOUND' }
    await expect(renameProfile(db(), other, ref, 'Stolen')).rejects.toMatchObject(notFound)
    await expect(setDefaultProfile(db(), other, ref)).rejects.toMatchObject(notFound)
    await expect(deleteProfile(db(), other, ref)).rejects.toMatchObject(notFound)
    await expect(
      chooseProfileForOffer(db(), other, { id: profile.id, offerId: a.offerId }, lookup(other)),
    ).rejects.toMatchObject(notFound)
    expect(await listAllProfiles(db(), other, 'en')).toEqual([])

    // Game A's profile on game B: not listed, not usable, not addressable under B's id.
    expect(await listProfilesForOffer(db(), owner, b.offerId)).toEqual([])
    await expect(
      chooseProfileForOffer(db(), owner, { id: profile.id, offerId: b.offerId }, lookup(owner)),
    ).rejects.toMatchObject(notFound)
    await expect(renameProfile(db(), owner, { id: profile.id, gameId: b.gameId }, 'B')).rejects.toMatchObject(notFound)
    await expect(setDefaultProfile(db(), owner, { id: profile.id, gameId: b.gameId })).rejects.toMatchObject(notFound)

    // On its own game it is checked again with the supplier.
    expect(
      await chooseProfileForOffer(db(), owner, { id: profile.id, offerId: a.offerId }, lookup(owner)),
    ).toMatchObject({
      ok: true,
      profile: { id: profile.id, nickname: sandboxNickname('123123123') },
    })
  })

  it('spends the same lookup budget as "check player"', async () => {
    const [a] = await topUpOffers()
    const user = await makeUser(db(), 'spender')
    const caller = lookup(user)
    const saved = await saveProfile(
      db(),
      user,
      { offerId: a.offerId, label: 'Main', player: playerOf(a, '555555555') },
      caller,
    )
    const spent = await db().select().from(t.rateLimits)
    expect(spent.some((r) => r.key.includes(user) && r.key.startsWith('player'))).toBe(true)
    expect(saved.isDefault).toBe(true)
  })
})

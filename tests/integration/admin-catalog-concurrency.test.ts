/**
 * Two admins save the same SKU price at the same moment from the same loaded version, on
 * PostgreSQL (PGlite serialises everything and would prove nothing): the row lock makes the
 * second save re-read the first one's content, so exactly one succeeds, the other gets CONFLICT
 * stale_version, the stored price is the winner's and there is exactly one audit entry.
 */
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Caller } from '../../src/modules/auth/caller.server'
import { gameForAdmin, saveGame } from '../../src/modules/catalog/game-edit.server'
import { saveOffer, saveSku } from '../../src/modules/catalog/offer-edit.server'
import type { SkuInput } from '../../src/modules/catalog/catalog-edit.schemas'
import { filterSku } from '../../src/modules/catalog/offer.server'
import * as t from '../../src/server/db/schema'
import { describeOnPostgres } from './throwaway-db'
import { makeUser, openTestDb, testDataDir, type TestDb } from './orders-fixtures'
import { ordersConfigForFile } from './test-config'

ordersConfigForFile()

describeOnPostgres('catalogue saves under concurrency (PostgreSQL)', () => {
  let tdb: TestDb

  beforeAll(async () => {
    testDataDir()
    tdb = await openTestDb('postgres', 10)
  })
  afterAll(async () => {
    await tdb?.close()
  })

  async function admin(label: string): Promise<Caller> {
    const id = await makeUser(tdb.db, label)
    const [u] = await tdb.db.update(t.users).set({ role: 'admin' }).where(eq(t.users.id, id)).returning()
    return { id, email: u!.email, role: 'admin' }
  }

  it('two admins save one price from the same version: one wins, one gets stale_version', async () => {
    const { db } = tdb
    const [alice, bob] = [await admin('alice'), await admin('bob')]
    const [category] = await db.select().from(t.categories)
    const blank = { name: '', description: '' }
    const game = await saveGame(db, alice, {
      slug: 'race-game',
      categoryId: category!.id,
      kind: 'topup',
      cover: '/images/games/void-hunters.svg',
      publisher: 'Race Works',
      sort: 0,
      hot: false,
      active: true,
      playerFields: [],
      texts: { en: { name: 'Race Game', description: '' }, fr: blank, pt: blank, es: blank, de: blank, ru: blank },
    })
    const [offer] = await saveOffer(db, alice, { gameId: game.id, regions: ['global'], active: true })
    const base: SkuInput = {
      offerId: offer!.id,
      code: 'RACE-1',
      name: '1 Race',
      quantity: 1,
      sort: 0,
      active: true,
      names: { en: '', fr: '', pt: '', es: '', de: '', ru: '' },
      prices: [{ currency: 'USD', amount: '1.00', list: '' }],
    }
    await saveSku(db, alice, base)
    const loaded = (await gameForAdmin(db, game.id)).offers[0]!.skus[0]!

    for (let round = 0; round < 5; round++) {
      const current = (await gameForAdmin(db, game.id)).offers[0]!.skus[0]!
      const auditBefore = await priceAudit(loaded.id)
      const save = (who: Caller, amount: string) =>
        saveSku(db, who, {
          ...base,
          id: loaded.id,
          version: current.version,
          prices: [{ currency: 'USD', amount, list: '' }],
        })
      const results = await Promise.allSettled([save(alice, `2.${round}1`), save(bob, `3.${round}2`)])
      const won = results.filter((r) => r.status === 'fulfilled')
      const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected')
      expect(won).toHaveLength(1)
      expect(lost).toHaveLength(1)
      expect(lost[0]!.reason).toMatchObject({
        code: 'CONFLICT',
        issues: [{ path: 'version', message: 'stale_version' }],
      })
      const winner =
        results[0]!.status === 'fulfilled'
          ? { who: alice, minor: 201 + round * 10 }
          : { who: bob, minor: 302 + round * 10 }
      const stored = await db
        .select()
        .from(t.skuPrices)
        .where(and(eq(t.skuPrices.skuId, loaded.id), eq(t.skuPrices.currency, 'USD')))
      expect(stored[0]!.amountMinor).toBe(winner.minor)
      expect((await filterSku(db, { offerId: offer!.id, currency: 'USD' })).skus[0]!.price.amountMinor).toBe(
        winner.minor,
      )
      const audit = await priceAudit(loaded.id)
      expect(audit).toHaveLength(auditBefore.length + 1)
      expect(audit.at(-1)).toMatchObject({
        actorId: winner.who.id,
        after: { prices: { USD: { amountMinor: winner.minor } } },
      })
    }
  })

  async function priceAudit(skuId: number) {
    return tdb.db
      .select()
      .from(t.auditLog)
      .where(and(eq(t.auditLog.targetId, String(skuId)), eq(t.auditLog.action, 'catalog.price.update')))
      .orderBy(t.auditLog.id)
  }
})

/**
 * The back office's catalogue and coupon editors on PGlite (issue 15): a game created with two
 * SKUs, USD/EUR prices and en/de names is on the shopper's catalogue and offer reads right after
 * the write (the read cache was invalidated), in German too; a save from a stale copy is refused
 * with CONFLICT stale_version and writes nothing; coupons created, edited and disabled are what
 * the coupon engine then applies; every action leaves its audit entry.
 */
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Caller } from '../../src/modules/auth/caller.server'
import { gameForAdmin, listGamesForAdmin, saveGame } from '../../src/modules/catalog/game-edit.server'
import { saveOffer, saveSku } from '../../src/modules/catalog/offer-edit.server'
import { importGameCodes } from '../../src/modules/catalog/code-inventory.server'
import { gameInputSchema } from '../../src/modules/catalog/catalog-edit.schemas'
import {
  couponForAdmin,
  listCouponsForAdmin,
  saveCoupon,
  setCouponActive,
} from '../../src/modules/coupons/coupon-edit.server'
import { getCategoryPage } from '../../src/modules/catalog/category.server'
import { filterSku, getOffer } from '../../src/modules/catalog/offer.server'
import { AppError } from '../../src/modules/errors/app-error'
import { priceRequest } from '../../src/modules/orders/quote.server'
import * as t from '../../src/server/db/schema'
import {
  categoryOf,
  couponInput as couponFields,
  gameInput,
  makeAdmin,
  noNames,
  skuInput,
  texts,
  unique,
} from './catalog-fixtures'
import { pgliteForFile, pickSku } from './orders-fixtures'
import { ordersConfigForFile } from './test-config'

ordersConfigForFile()

const db = pgliteForFile()

async function auditOf(targetType: string, targetId: string | number) {
  return db()
    .select()
    .from(t.auditLog)
    .where(and(eq(t.auditLog.targetType, targetType), eq(t.auditLog.targetId, String(targetId))))
    .orderBy(t.auditLog.id)
}

/** A game with one active offer and two priced SKUs, as an admin builds it in the editor. */
async function buildGame(admin: Caller) {
  const input = await gameInput(db())
  const game = await saveGame(db(), admin, input)
  const [offer] = await saveOffer(db(), admin, { gameId: game.id, regions: ['global'], active: true })
  await saveSku(db(), admin, skuInput(offer!.id))
  const offers = await saveSku(
    db(),
    admin,
    skuInput(offer!.id, {
      name: '500 Comets',
      quantity: 500,
      sort: 20,
      names: { ...noNames, en: '500 Comets', de: '500 Kometen' },
      prices: [
        { currency: 'USD', amount: '19.99', list: '' },
        { currency: 'EUR', amount: '18.50', list: '' },
      ],
    }),
  )
  return { input, game, offer: offers[0]! }
}

describe('catalogue editor', () => {
  it('a new game with two SKUs is on the shop at once, in English and German, with its prices', async () => {
    const admin = await makeAdmin(db())
    const category = await categoryOf(db())
    // Warm the read cache first: the write must make these entries stale.
    const before = await getCategoryPage(db(), category.code, 'de')
    const { input, game, offer } = await buildGame(admin)
    expect(before?.games.some((g) => g.slug === input.slug)).toBe(false)

    const de = await getCategoryPage(db(), category.code, 'de')
    expect(de?.games.find((g) => g.slug === input.slug)).toMatchObject({
      name: `Kometenkampf ${input.slug}`,
      offerId: offer.id,
    })
    const en = await getCategoryPage(db(), category.code, 'en')
    expect(en?.games.find((g) => g.slug === input.slug)?.name).toBe(`Comet Clash ${input.slug}`)
    // A locale without a translation falls back to English.
    expect((await getOffer(db(), offer.id, 'fr'))?.game.name).toBe(`Comet Clash ${input.slug}`)
    expect((await getOffer(db(), offer.id, 'de'))?.game).toMatchObject({
      name: `Kometenkampf ${input.slug}`,
      description: `Kometenkampf ${input.slug} für alle`,
    })

    const eur = await filterSku(db(), { offerId: offer.id, currency: 'EUR', locale: 'de' })
    expect(eur.currencies).toEqual(['USD', 'EUR'])
    expect(eur.skus.map((s) => [s.name, s.price.amountMinor])).toEqual([
      ['100 Kometen', 459],
      ['500 Kometen', 1850],
    ])
    const usd = await filterSku(db(), { offerId: offer.id, currency: 'USD', locale: 'en' })
    expect(usd.skus.map((s) => [s.name, s.price.amountMinor, s.price.listMinor])).toEqual([
      ['100 Comets', 499, 599],
      ['500 Comets', 1999, null],
    ])

    // The editor's own view and the list.
    const view = await gameForAdmin(db(), game.id)
    expect(view.offers[0]!.skus.map((s) => s.prices.USD?.amountMinor)).toEqual([499, 1999])
    expect(view.texts.de.name).toBe(`Kometenkampf ${input.slug}`)
    const list = await listGamesForAdmin(db(), { q: input.slug })
    expect(list.rows).toEqual([expect.objectContaining({ id: game.id, kind: 'topup', active: true, offers: 1 })])

    const audit = await auditOf('game', game.id)
    expect(audit.map((a) => a.action)).toEqual(['catalog.game.create'])
    expect(audit[0]!.after).toMatchObject({ slug: input.slug, publisher: 'Comet Works' })
    const skuAudit = await auditOf('sku', view.offers[0]!.skus[0]!.id)
    expect(skuAudit.map((a) => a.action)).toEqual(['catalog.sku.upsert', 'catalog.price.update'])
    expect(skuAudit[1]!.after).toMatchObject({ prices: { USD: { amountMinor: 499, listMinor: 599 } } })
    expect((await auditOf('offer', offer.id)).map((a) => a.action)).toEqual(['catalog.offer.create'])
  })

  it('a price change, a removed currency and a deactivated game reach the shop on the next read', async () => {
    const admin = await makeAdmin(db())
    const { input, game, offer } = await buildGame(admin)
    const sku = offer.skus[0]!
    expect((await filterSku(db(), { offerId: offer.id, currency: 'EUR' })).skus).toHaveLength(2)
    await saveSku(db(), admin, {
      ...skuInput(offer.id, { code: sku.code }),
      id: sku.id,
      version: sku.version,
      prices: [{ currency: 'USD', amount: '3.49', list: '' }],
    })
    const usd = await filterSku(db(), { offerId: offer.id, currency: 'USD' })
    expect(usd.skus[0]!.price).toMatchObject({ amountMinor: 349, listMinor: null })
    expect((await filterSku(db(), { offerId: offer.id, currency: 'EUR' })).skus.map((s) => s.id)).not.toContain(sku.id)
    const priceAudit = (await auditOf('sku', sku.id)).filter((a) => a.action === 'catalog.price.update')
    expect(priceAudit.at(-1)).toMatchObject({
      before: { prices: { USD: { amountMinor: 499, listMinor: 599 }, EUR: { amountMinor: 459, listMinor: null } } },
      after: { prices: { USD: { amountMinor: 349, listMinor: null } } },
    })

    const view = await gameForAdmin(db(), game.id)
    await saveGame(db(), admin, { ...input, id: game.id, version: view.version, active: false })
    expect(await getOffer(db(), offer.id, 'en')).toBeNull()
    expect((await auditOf('game', game.id)).map((a) => a.action)).toEqual([
      'catalog.game.create',
      'catalog.game.update',
    ])
  })

  it('refuses a save from a stale copy with CONFLICT stale_version and writes nothing', async () => {
    const admin = await makeAdmin(db())
    const other = await makeAdmin(db())
    const { input, game, offer } = await buildGame(admin)
    const loaded = await gameForAdmin(db(), game.id)
    // Someone else saves first.
    await saveGame(db(), other, { ...input, id: game.id, version: loaded.version, publisher: 'Other Works' })
    const auditBefore = await auditOf('game', game.id)

    const stale = saveGame(db(), admin, { ...input, id: game.id, version: loaded.version, publisher: 'Mine' })
    await expect(stale).rejects.toBeInstanceOf(AppError)
    await expect(stale).rejects.toMatchObject({
      code: 'CONFLICT',
      issues: [{ path: 'version', message: 'stale_version' }],
    })
    const now = await gameForAdmin(db(), game.id)
    expect(now.publisher).toBe('Other Works')
    expect(await auditOf('game', game.id)).toHaveLength(auditBefore.length)

    // A SKU: neither the row, its names nor its prices move.
    const sku = loaded.offers[0]!.skus[0]!
    await saveSku(db(), other, {
      ...skuInput(offer.id, { code: sku.code }),
      id: sku.id,
      version: sku.version,
      quantity: 120,
    })
    await expect(
      saveSku(db(), admin, {
        ...skuInput(offer.id, { code: sku.code }),
        id: sku.id,
        version: sku.version,
        names: { ...noNames, en: 'Changed' },
        prices: [{ currency: 'USD', amount: '1.00', list: '' }],
      }),
    ).rejects.toMatchObject({ code: 'CONFLICT', issues: [{ message: 'stale_version' }] })
    const after = (await gameForAdmin(db(), game.id)).offers[0]!.skus.find((s) => s.id === sku.id)!
    expect(after).toMatchObject({ quantity: 120, names: { en: '100 Comets' }, prices: { USD: { amountMinor: 499 } } })

    // An offer too.
    const offerView = loaded.offers[0]!
    await saveOffer(db(), other, {
      gameId: game.id,
      id: offer.id,
      version: offerView.version,
      regions: ['EU'],
      active: true,
    })
    await expect(
      saveOffer(db(), admin, {
        gameId: game.id,
        id: offer.id,
        version: offerView.version,
        regions: ['US'],
        active: true,
      }),
    ).rejects.toMatchObject({ code: 'CONFLICT', issues: [{ message: 'stale_version' }] })
    expect((await gameForAdmin(db(), game.id)).offers[0]!.regions).toEqual(['EU'])
  })

  it('refuses a taken slug or SKU code and validates with the schema the editor uses', async () => {
    const admin = await makeAdmin(db())
    const { input, offer } = await buildGame(admin)
    await expect(saveGame(db(), admin, await gameInput(db(), { slug: input.slug }))).rejects.toMatchObject({
      code: 'CONFLICT',
      issues: [{ path: 'slug', message: 'slug_taken' }],
    })
    await expect(saveSku(db(), admin, skuInput(offer.id, { code: offer.skus[0]!.code }))).rejects.toMatchObject({
      code: 'CONFLICT',
      issues: [{ path: 'code', message: 'code_taken' }],
    })
    const bad = gameInputSchema.safeParse(
      await gameInput(db(), { slug: 'Not A Slug', texts: texts(''), kind: 'currency', cover: 'http://x/y.svg' }),
    )
    expect(bad.success).toBe(false)
    const issues = bad.error!.issues.map((i) => [i.path.join('.'), i.message])
    expect(issues).toEqual(
      expect.arrayContaining([
        ['slug', 'slug'],
        ['cover', 'cover'],
        ['texts.en.name', 'required'],
        ['playerFields', 'no_player_fields'],
      ]),
    )
    await expect(
      saveSku(db(), admin, skuInput(offer.id, { prices: [{ currency: 'USD', amount: '4.999', list: '1' }] })),
    ).rejects.toMatchObject({ name: 'ZodError' })
  })
})

describe('coupon editor', () => {
  const couponInput = (code: string) => couponFields(code, { usageLimit: 5 })

  it('a created coupon applies in a quote; an edit and a disable change what the engine does', async () => {
    const admin = await makeAdmin(db())
    const { offer } = await buildGame(admin)
    const skuId = offer.skus[0]!.id // 4.99 USD
    const code = `save${unique()}`
    const created = await saveCoupon(db(), admin, couponInput(code))
    expect(created).toMatchObject({ code: code.toUpperCase(), percent: 20, used: 0, paidOrders: 0 })
    const quote = (codes: string[]) =>
      priceRequest(
        db(),
        null,
        { items: [{ skuId, quantity: 1 }], currency: 'USD', couponCodes: codes, locale: 'en' },
        new Date(),
      )
    expect((await quote([code.toUpperCase()])).discountMinor).toBe(99) // floor(499 × 20 %)

    // Fixed amounts per currency, a minimum and a scope on another game.
    const edited = await saveCoupon(db(), admin, {
      ...couponInput(code),
      id: created.id,
      version: created.version,
      kind: 'fixed',
      percent: null,
      amounts: { USD: '1.50', EUR: '', BRL: '', RUB: '' },
      minSpend: { USD: '4.00', EUR: '', BRL: '', RUB: '' },
    })
    expect(edited.amounts).toEqual({ USD: 150 })
    expect(edited.minSpend).toEqual({ USD: 400 })
    expect((await quote([edited.code])).discountMinor).toBe(150)
    const priced = await priceRequest(
      db(),
      null,
      { items: [{ skuId, quantity: 1 }], currency: 'EUR', couponCodes: [edited.code], locale: 'en' },
      new Date(),
    )
    expect(priced.outcomes[0]).toMatchObject({ ok: false, reason: 'currency' })

    // A stale edit is refused and changes nothing.
    await expect(
      saveCoupon(db(), admin, { ...couponInput(code), id: created.id, version: created.version, percent: 90 }),
    ).rejects.toMatchObject({ code: 'CONFLICT', issues: [{ message: 'stale_version' }] })

    const disabled = await setCouponActive(db(), admin, { id: edited.id, version: edited.version, active: false })
    expect(disabled.active).toBe(false)
    expect((await quote([edited.code])).outcomes[0]).toMatchObject({ ok: false, reason: 'not_found' })
    const enabled = await setCouponActive(db(), admin, { id: edited.id, version: disabled.version, active: true })
    expect((await quote([enabled.code])).discountMinor).toBe(150)

    const audit = await auditOf('coupon', created.id)
    expect(audit.map((a) => a.action)).toEqual(['coupon.create', 'coupon.update', 'coupon.disable', 'coupon.enable'])
    expect(audit[1]).toMatchObject({
      before: { kind: 'percent', percent: 20 },
      after: { kind: 'fixed', amounts: { USD: 150 } },
    })
    expect((await listCouponsForAdmin(db(), { q: code })).rows.map((r) => r.id)).toEqual([created.id])
    expect((await couponForAdmin(db(), created.id)).usageLimit).toBe(5)
  })

  it('mirrors the engine rules: percent 1–100, a fixed coupon needs a currency, a taken code is refused', async () => {
    const admin = await makeAdmin(db())
    await expect(saveCoupon(db(), admin, { ...couponInput(`p${unique()}`), percent: 101 })).rejects.toMatchObject({
      name: 'ZodError',
    })
    await expect(
      saveCoupon(db(), admin, { ...couponInput(`f${unique()}`), kind: 'fixed', percent: null }),
    ).rejects.toMatchObject({ name: 'ZodError' })
    const code = `dup${unique()}`
    await saveCoupon(db(), admin, couponInput(code))
    await expect(saveCoupon(db(), admin, couponInput(code.toLowerCase()))).rejects.toMatchObject({
      code: 'CONFLICT',
      issues: [{ path: 'code', message: 'code_taken' }],
    })
  })
})

describe('game-code inventory import', () => {
  it('reports new, repeated, stocked and invalid codes on a dry run, then imports exactly the new ones', async () => {
    const admin = await makeAdmin(db())
    const sku = await pickSku(db(), 'currency')
    const stocked = `STOCK-${unique()}`
    await db().insert(t.gameCodes).values({ skuId: sku.skuId, code: stocked })
    const fresh = [`NEW-${unique()}`, `NEW-${unique()}`]
    const csv = ['code', fresh[0], `"${fresh[1]}",batch 7`, fresh[0], stocked, 'has space', ''].join('\r\n')
    const free = async () =>
      (await db().select().from(t.gameCodes).where(eq(t.gameCodes.skuId, sku.skuId))).filter((c) => !c.orderId).length
    const before = await free()

    const dry = await importGameCodes(db(), admin, { skuId: sku.skuId, csv, dryRun: true })
    expect(dry).toMatchObject({ dryRun: true, newCodes: 2, duplicateInFile: 1, alreadyInStock: 1, invalidLines: 1 })
    expect(dry.examples).toEqual({
      duplicateInFile: [fresh[0]],
      alreadyInStock: [stocked],
      invalidLines: ['has space'],
    })
    expect(await free()).toBe(before)

    const done = await importGameCodes(db(), admin, { skuId: sku.skuId, csv, dryRun: false })
    expect(done).toMatchObject({ dryRun: false, newCodes: 2 })
    expect(await free()).toBe(before + 2)
    const audit = await auditOf('sku', sku.skuId)
    expect(audit.at(-1)).toMatchObject({ action: 'catalog.codes.import', after: { imported: 2, alreadyInStock: 1 } })
    // The same file again: everything is in stock now, nothing is inserted twice.
    expect(await importGameCodes(db(), admin, { skuId: sku.skuId, csv, dryRun: false })).toMatchObject({
      newCodes: 0,
      alreadyInStock: 3,
    })
    expect(await free()).toBe(before + 2)

    const topup = await pickSku(db(), 'topup')
    await expect(importGameCodes(db(), admin, { skuId: topup.skuId, csv, dryRun: true })).rejects.toMatchObject({
      code: 'CONFLICT',
      issues: [{ path: 'skuId', message: 'not_a_code_product' }],
    })
  })
})

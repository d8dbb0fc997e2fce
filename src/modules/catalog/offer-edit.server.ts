/**
 * A game's offers and their SKUs in the back office. A SKU is saved with its per-locale names and
 * its prices in one transaction, under its row lock and version (ADR 053), and audited as
 * `catalog.sku.upsert` (the SKU and its names) and `catalog.price.update` (its prices) when each
 * changed. SKUs are never deleted (orders and game codes point at them): they are deactivated.
 */
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Db } from '~/server/db/client'
import { gameCodes, games, offers, skuPrices, skuTranslations, skus } from '~/server/db/schema'
import type { Caller } from '~/modules/auth/caller.server'
import { AppError } from '~/modules/errors/app-error'
import { LOCALES, type Locale } from '~/modules/i18n/locales'
import { recordAudit } from '~/modules/audit/audit.server'
import { assertVersion, contentVersion } from '~/modules/editing/content-version.server'
import { isUniqueViolation } from '~/server/db/unique-violation'
import { invalidateCatalog } from './catalog-cache.server'
import {
  offerInputSchema,
  skuInputSchema,
  type AdminOfferView,
  type AdminPriceView,
  type AdminSkuView,
  type OfferInput,
  type SkuInput,
} from './catalog-edit.schemas'
import { CURRENCIES, decimalToMinor, type Currency } from './money'

type OfferRow = typeof offers.$inferSelect
type SkuRow = typeof skus.$inferSelect

const offerContent = (o: OfferRow) => ({ gameId: o.gameId, kind: o.kind, regions: o.regions, active: o.active })

interface SkuState {
  row: SkuRow
  names: Record<Locale, string>
  prices: Partial<Record<Currency, AdminPriceView>>
}

const skuFields = (s: SkuState) => {
  const { offerId, code, name, quantity, region, sort, active } = s.row
  return { offerId, code, name, quantity, region, sort, active, names: s.names }
}
/** The version covers what one save writes: the row, its names and its prices. */
const skuVersion = (s: SkuState) => contentVersion({ ...skuFields(s), prices: s.prices })

async function skuStates(tx: Db, rows: SkuRow[]): Promise<SkuState[]> {
  if (rows.length === 0) return []
  const ids = rows.map((r) => r.id)
  const [names, prices] = await Promise.all([
    tx.select().from(skuTranslations).where(inArray(skuTranslations.skuId, ids)),
    tx.select().from(skuPrices).where(inArray(skuPrices.skuId, ids)),
  ])
  return rows.map((row) => {
    const state: SkuState = {
      row,
      names: Object.fromEntries(LOCALES.map((l) => [l, ''])) as Record<Locale, string>,
      prices: {},
    }
    for (const n of names) if (n.skuId === row.id && n.locale in state.names) state.names[n.locale as Locale] = n.name
    for (const c of CURRENCIES) {
      const p = prices.find((x) => x.skuId === row.id && x.currency.trim() === c)
      if (p) state.prices[c] = { amountMinor: p.amountMinor, listMinor: p.listMinor }
    }
    return state
  })
}

/** The offers of a game with every SKU (active or not), their prices, versions and free codes. */
export async function loadOffers(db: Db, gameId: number): Promise<AdminOfferView[]> {
  const offerRows = await db.select().from(offers).where(eq(offers.gameId, gameId)).orderBy(asc(offers.id))
  if (offerRows.length === 0) return []
  const skuRows = await db
    .select()
    .from(skus)
    .where(
      inArray(
        skus.offerId,
        offerRows.map((o) => o.id),
      ),
    )
    .orderBy(asc(skus.sort), asc(skus.id))
  const states = await skuStates(db, skuRows)
  const free =
    skuRows.length > 0
      ? await db
          .select({ skuId: gameCodes.skuId, n: sql<number>`count(*)::int` })
          .from(gameCodes)
          .where(
            and(
              inArray(
                gameCodes.skuId,
                skuRows.map((s) => s.id),
              ),
              isNull(gameCodes.orderId),
            ),
          )
          .groupBy(gameCodes.skuId)
      : []
  return offerRows.map((o) => ({
    id: o.id,
    kind: o.kind,
    regions: o.regions,
    active: o.active,
    version: contentVersion(offerContent(o)),
    skus: states
      .filter((s) => s.row.offerId === o.id)
      .map((s): AdminSkuView => ({
        id: s.row.id,
        offerId: s.row.offerId,
        code: s.row.code,
        name: s.row.name,
        quantity: s.row.quantity,
        sort: s.row.sort,
        active: s.row.active,
        names: s.names,
        prices: s.prices,
        freeCodes: o.kind === 'currency' ? Number(free.find((f) => f.skuId === s.row.id)?.n ?? 0) : null,
        version: skuVersion(s),
      })),
  }))
}

/** Adds an offer to a game (it sells the game's kind) or updates one the editor loaded; audited. */
export async function saveOffer(db: Db, actor: Caller, rawInput: OfferInput): Promise<AdminOfferView[]> {
  const input = offerInputSchema.parse(rawInput)
  await db.transaction(async (tx) => {
    const [game] = await tx.select({ kind: games.kind }).from(games).where(eq(games.id, input.gameId))
    if (!game) throw new AppError('NOT_FOUND', `Game ${input.gameId} does not exist`)
    if (input.id === undefined) {
      const [created] = await tx
        .insert(offers)
        .values({ gameId: input.gameId, kind: game.kind, regions: input.regions, active: input.active })
        .returning()
      await recordAudit(tx, actor, {
        action: 'catalog.offer.create',
        targetType: 'offer',
        targetId: String(created!.id),
        after: offerContent(created!),
      })
      return
    }
    const [before] = await tx
      .select()
      .from(offers)
      .where(and(eq(offers.id, input.id), eq(offers.gameId, input.gameId)))
      .for('update')
    if (!before) throw new AppError('NOT_FOUND', `Offer ${input.id} does not exist`)
    assertVersion(input.version!, contentVersion(offerContent(before)), `Offer ${input.id}`)
    const [after] = await tx
      .update(offers)
      .set({ regions: input.regions, active: input.active })
      .where(eq(offers.id, input.id))
      .returning()
    await recordAudit(tx, actor, {
      action: 'catalog.offer.update',
      targetType: 'offer',
      targetId: String(input.id),
      before: offerContent(before),
      after: offerContent(after!),
    })
  })
  await invalidateCatalog()
  return loadOffers(db, input.gameId)
}

/** Creates or updates a SKU with its names and prices; one transaction, audited; returns the offer's SKUs. */
export async function saveSku(db: Db, actor: Caller, rawInput: SkuInput): Promise<AdminOfferView[]> {
  const input = skuInputSchema.parse(rawInput)
  const prices: Partial<Record<Currency, AdminPriceView>> = {}
  for (const p of input.prices) {
    prices[p.currency] = {
      amountMinor: decimalToMinor(p.amount, p.currency)!,
      listMinor: p.list ? decimalToMinor(p.list, p.currency)! : null,
    }
  }
  let gameId: number
  try {
    gameId = await db.transaction(async (tx) => {
      const [offer] = await tx.select({ gameId: offers.gameId }).from(offers).where(eq(offers.id, input.offerId))
      if (!offer) throw new AppError('NOT_FOUND', `Offer ${input.offerId} does not exist`)
      const values = {
        offerId: input.offerId,
        code: input.code,
        name: input.name,
        quantity: input.quantity,
        sort: input.sort,
        active: input.active,
      }
      let before: SkuState | null = null
      let skuId: number
      if (input.id === undefined) {
        const [created] = await tx.insert(skus).values(values).returning({ id: skus.id })
        skuId = created!.id
      } else {
        // The SKU row's lock serialises every save of the SKU, its names and its prices.
        const [row] = await tx.select().from(skus).where(eq(skus.id, input.id)).for('update')
        if (!row || row.offerId !== input.offerId) throw new AppError('NOT_FOUND', `SKU ${input.id} does not exist`)
        before = (await skuStates(tx, [row]))[0]!
        assertVersion(input.version!, skuVersion(before), `SKU ${input.id}`)
        skuId = input.id
        await tx.update(skus).set(values).where(eq(skus.id, skuId))
      }
      await writeNames(tx, skuId, input.names)
      await writePrices(tx, skuId, prices)
      const [row] = await tx.select().from(skus).where(eq(skus.id, skuId))
      const after = (await skuStates(tx, [row!]))[0]!
      const target = { targetType: 'sku', targetId: String(skuId) }
      if (!before || contentVersion(skuFields(before)) !== contentVersion(skuFields(after))) {
        await recordAudit(tx, actor, {
          action: 'catalog.sku.upsert',
          ...target,
          before: before ? skuFields(before) : null,
          after: skuFields(after),
        })
      }
      if (contentVersion(before?.prices ?? {}) !== contentVersion(after.prices)) {
        await recordAudit(tx, actor, {
          action: 'catalog.price.update',
          ...target,
          before: { code: after.row.code, prices: before?.prices ?? {} },
          after: { code: after.row.code, prices: after.prices },
        })
      }
      return offer.gameId
    })
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError('CONFLICT', 'Another SKU has this code', { issues: [{ path: 'code', message: 'code_taken' }] })
    }
    throw error
  }
  await invalidateCatalog()
  return loadOffers(db, gameId)
}

/** An empty name leaves the locale to `skus.name`, as the shop already does. */
async function writeNames(tx: Db, skuId: number, names: Record<Locale, string>): Promise<void> {
  for (const locale of LOCALES) {
    const name = names[locale]
    if (!name) {
      await tx.delete(skuTranslations).where(and(eq(skuTranslations.skuId, skuId), eq(skuTranslations.locale, locale)))
    } else {
      await tx
        .insert(skuTranslations)
        .values({ skuId, locale, name })
        .onConflictDoUpdate({ target: [skuTranslations.skuId, skuTranslations.locale], set: { name } })
    }
  }
}

/** The SKU's prices become exactly `prices`: a currency left out is no longer sold. */
async function writePrices(tx: Db, skuId: number, prices: Partial<Record<Currency, AdminPriceView>>): Promise<void> {
  for (const currency of CURRENCIES) {
    const price = prices[currency]
    if (!price) {
      await tx.delete(skuPrices).where(and(eq(skuPrices.skuId, skuId), eq(skuPrices.currency, currency)))
    } else {
      await tx
        .insert(skuPrices)
        .values({ skuId, currency, amountMinor: price.amountMinor, listMinor: price.listMinor })
        .onConflictDoUpdate({
          target: [skuPrices.skuId, skuPrices.currency],
          set: { amountMinor: price.amountMinor, listMinor: price.listMinor },
        })
    }
  }
}

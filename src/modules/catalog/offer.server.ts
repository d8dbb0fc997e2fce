/** Offer page reads: the game behind an offer, and its SKUs priced in one currency with stock. */
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { cached } from '~/server/cache'
import type { Db } from '~/server/db/client'
import {
  categories,
  categoryTranslations,
  gameCodes,
  gameTranslations,
  games,
  offers,
  skuPrices,
  skuTranslations,
  skus,
} from '~/server/db/schema'
import { AppError } from '~/modules/errors/app-error'
import { isLocale, type Locale } from '~/modules/i18n/locales'
import type { Currency } from './money'
import { CURRENCIES } from './money'
import type { FilterSkuQuery, OfferDetail, SkuList } from './offer.schemas'

const gameLocal = alias(gameTranslations, 'game_local')
const gameEn = alias(gameTranslations, 'game_en')
const catLocal = alias(categoryTranslations, 'cat_local')
const catEn = alias(categoryTranslations, 'cat_en')

const CATALOG_TTL_MS = 60_000
/** Stock moves with every sale; a few seconds of staleness only delays the "sold out" badge. */
const STOCK_TTL_MS = 5_000

export function getOffer(db: Db, id: number, locale: Locale): Promise<OfferDetail | null> {
  return cached(db, 'catalog', `offer:${id}:${locale}`, CATALOG_TTL_MS, () => loadOffer(db, id, locale))
}

async function loadOffer(db: Db, id: number, locale: Locale): Promise<OfferDetail | null> {
  const [row] = await db
    .select({
      id: offers.id,
      kind: offers.kind,
      regions: offers.regions,
      slug: games.slug,
      cover: games.cover,
      publisher: games.publisher,
      playerFields: games.playerFields,
      gameLocal: { name: gameLocal.name, description: gameLocal.description },
      gameEn: { name: gameEn.name, description: gameEn.description },
      categoryCode: categories.code,
      catLocal: catLocal.name,
      catEn: catEn.name,
    })
    .from(offers)
    .innerJoin(games, eq(games.id, offers.gameId))
    .innerJoin(categories, eq(categories.id, games.categoryId))
    .leftJoin(gameLocal, and(eq(gameLocal.gameId, games.id), eq(gameLocal.locale, locale)))
    .leftJoin(gameEn, and(eq(gameEn.gameId, games.id), eq(gameEn.locale, 'en')))
    .leftJoin(catLocal, and(eq(catLocal.categoryId, categories.id), eq(catLocal.locale, locale)))
    .leftJoin(catEn, and(eq(catEn.categoryId, categories.id), eq(catEn.locale, 'en')))
    .where(and(eq(offers.id, id), eq(offers.active, true), eq(games.active, true)))
  if (!row) return null
  const text = row.gameLocal ?? row.gameEn ?? { name: row.slug, description: '' }
  return {
    id: row.id,
    kind: row.kind,
    regions: row.regions,
    game: {
      slug: row.slug,
      name: text.name,
      description: text.description,
      cover: row.cover,
      publisher: row.publisher,
      playerFields: row.playerFields,
    },
    category: { code: row.categoryCode, name: row.catLocal ?? row.catEn ?? row.categoryCode },
    locale: row.gameLocal ? locale : 'en',
  }
}

interface PricedSku {
  id: number
  code: string
  name: string
  /** The name per locale (sku_translations); `name` where a locale has none. */
  names: Partial<Record<Locale, string>>
  quantity: number
  region: string | null
  prices: Partial<Record<Currency, { amountMinor: number; listMinor: number | null }>>
}

interface OfferSkus {
  kind: OfferDetail['kind']
  regions: string[]
  servers: string[] | null
  skus: PricedSku[]
}

/** Every active SKU of an offer with all its prices: one cached read serves every currency. */
function getOfferSkus(db: Db, offerId: number): Promise<OfferSkus | null> {
  return cached(db, 'catalog', `offer-skus:${offerId}`, CATALOG_TTL_MS, async () => {
    const [offer] = await db
      .select({ kind: offers.kind, regions: offers.regions, playerFields: games.playerFields })
      .from(offers)
      .innerJoin(games, eq(games.id, offers.gameId))
      .where(and(eq(offers.id, offerId), eq(offers.active, true), eq(games.active, true)))
    if (!offer) return null
    const rows = await db
      .select({
        id: skus.id,
        code: skus.code,
        name: skus.name,
        quantity: skus.quantity,
        region: skus.region,
        currency: skuPrices.currency,
        amountMinor: skuPrices.amountMinor,
        listMinor: skuPrices.listMinor,
      })
      .from(skus)
      .leftJoin(skuPrices, eq(skuPrices.skuId, skus.id))
      .where(and(eq(skus.offerId, offerId), eq(skus.active, true)))
      .orderBy(asc(skus.sort), asc(skus.id))
    const byId = new Map<number, PricedSku>()
    for (const r of rows) {
      let sku = byId.get(r.id)
      if (!sku) {
        sku = { id: r.id, code: r.code, name: r.name, names: {}, quantity: r.quantity, region: r.region, prices: {} }
        byId.set(r.id, sku)
      }
      const currency = r.currency as Currency | null
      if (currency && r.amountMinor !== null && (CURRENCIES as readonly string[]).includes(currency)) {
        sku.prices[currency] = { amountMinor: r.amountMinor, listMinor: r.listMinor }
      }
    }
    if (byId.size > 0) {
      const names = await db
        .select()
        .from(skuTranslations)
        .where(inArray(skuTranslations.skuId, [...byId.keys()]))
      for (const n of names) if (isLocale(n.locale)) byId.get(n.skuId)!.names[n.locale] = n.name
    }
    const serverField = offer.playerFields.find((f) => f.key === 'server')
    return {
      kind: offer.kind,
      regions: offer.regions,
      servers: serverField?.options ? serverField.options.map((o) => o.value) : null,
      skus: [...byId.values()],
    }
  })
}

/** Free (unallocated) codes per SKU; uses the partial index on free codes. */
function freeCodes(db: Db, offerId: number, skuIds: number[]): Promise<Map<number, number>> {
  return cached(db, 'stock', `offer:${offerId}`, STOCK_TTL_MS, async () => {
    if (skuIds.length === 0) return new Map()
    const rows = await db
      .select({ skuId: gameCodes.skuId, free: sql<number>`count(*)::int` })
      .from(gameCodes)
      .where(and(inArray(gameCodes.skuId, skuIds), isNull(gameCodes.orderId)))
      .groupBy(gameCodes.skuId)
    return new Map(rows.map((r) => [r.skuId, Number(r.free)]))
  })
}

/** GET /api/items/filterSku: an offer's SKUs priced in `currency`, for a region, with stock. */
export async function filterSku(db: Db, query: FilterSkuQuery): Promise<SkuList> {
  const offer = await getOfferSkus(db, query.offerId)
  if (!offer) throw new AppError('NOT_FOUND', `Offer ${query.offerId} does not exist`)
  if (query.region && !offer.regions.includes(query.region) && !offer.regions.includes('global')) {
    throw new AppError('INVALID_INPUT', 'Unknown region for this offer', {
      issues: [{ path: 'region', message: `expected one of ${offer.regions.join(', ')}` }],
    })
  }
  if (query.server && !offer.servers?.includes(query.server)) {
    throw new AppError('INVALID_INPUT', 'Unknown server for this offer', {
      issues: [{ path: 'server', message: offer.servers ? 'not one of the game servers' : 'this game has no servers' }],
    })
  }
  const stock =
    offer.kind === 'currency'
      ? await freeCodes(
          db,
          query.offerId,
          offer.skus.map((s) => s.id),
        )
      : null
  const currencies = CURRENCIES.filter((c) => offer.skus.some((s) => s.prices[c]))
  const skuList = offer.skus.flatMap((s) => {
    const price = s.prices[query.currency]
    if (!price) return []
    if (query.region && s.region !== null && s.region !== query.region) return []
    const free = stock ? (stock.get(s.id) ?? 0) : null
    return [
      {
        id: s.id,
        code: s.code,
        name: (query.locale && s.names[query.locale]) || s.name,
        quantity: s.quantity,
        region: s.region,
        price: { amountMinor: price.amountMinor, currency: query.currency, listMinor: price.listMinor },
        stock: free,
        available: free === null || free > 0,
      },
    ]
  })
  return { offerId: query.offerId, kind: offer.kind, currency: query.currency, currencies, skus: skuList }
}

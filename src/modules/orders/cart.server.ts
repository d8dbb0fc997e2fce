/**
 * Turns requested SKU ids and quantities into priced lines, reading prices only from sku_prices.
 * One order is for one game (one set of player details); the currency must be priced for every
 * SKU. Nothing the client sends besides ids and quantities is used.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db } from '~/server/db/client'
import { prepared } from '~/server/db/prepared'
import { gameCodes, gameTranslations, games, offers, skuPrices, skuTranslations, skus } from '~/server/db/schema'
import type { PlayerField, ProductKind } from '~/modules/catalog/catalog.schemas'
import { AppError } from '~/modules/errors/app-error'
import type { Locale } from '~/modules/i18n/locales'

export interface CartLine {
  skuId: number
  skuCode: string
  title: string
  kind: ProductKind
  quantity: number
  unitPriceMinor: number
  lineMinor: number
  gameId: number
  categoryId: number
}

export interface Cart {
  currency: string
  game: { id: number; slug: string; name: string; cover: string; kind: ProductKind; playerFields: PlayerField[] }
  offerId: number
  lines: CartLine[]
  subtotalMinor: number
}

const nameLocal = alias(gameTranslations, 'name_local')
const nameEn = alias(gameTranslations, 'name_en')

/** The requested SKUs with their offer, game, names in the page locale and price in the currency. */
function cartQuery(conn: Db) {
  return conn
    .select({
      skuId: skus.id,
      skuCode: skus.code,
      skuName: sql<string>`coalesce(${skuTranslations.name}, ${skus.name})`,
      skuActive: skus.active,
      offerId: offers.id,
      offerActive: offers.active,
      gameId: games.id,
      gameActive: games.active,
      slug: games.slug,
      cover: games.cover,
      kind: games.kind,
      categoryId: games.categoryId,
      playerFields: games.playerFields,
      name: sql<string>`coalesce(${nameLocal.name}, ${nameEn.name}, ${games.slug})`,
      price: skuPrices.amountMinor,
    })
    .from(skus)
    .innerJoin(offers, eq(offers.id, skus.offerId))
    .innerJoin(games, eq(games.id, offers.gameId))
    .leftJoin(skuPrices, and(eq(skuPrices.skuId, skus.id), eq(skuPrices.currency, sql.placeholder('currency'))))
    .leftJoin(nameLocal, and(eq(nameLocal.gameId, games.id), eq(nameLocal.locale, sql.placeholder('locale'))))
    .leftJoin(nameEn, and(eq(nameEn.gameId, games.id), eq(nameEn.locale, 'en')))
    .leftJoin(
      skuTranslations,
      and(eq(skuTranslations.skuId, skus.id), eq(skuTranslations.locale, sql.placeholder('locale'))),
    )
    .where(sql`${skus.id} = any(${sql.placeholder('ids')}::int[])`)
}

/** Same SKU twice in a request counts as one line with the quantities added. */
function mergeItems(items: readonly { skuId: number; quantity: number }[]): Map<number, number> {
  const merged = new Map<number, number>()
  for (const i of items) merged.set(i.skuId, (merged.get(i.skuId) ?? 0) + i.quantity)
  return merged
}

export async function loadCart(
  db: Db,
  items: readonly { skuId: number; quantity: number }[],
  currency: string,
  locale: Locale,
): Promise<Cart> {
  const wanted = mergeItems(items)
  const rows = await prepared(db, 'cart_lines', cartQuery).execute({ ids: [...wanted.keys()], currency, locale })
  const sellable = rows.filter((r) => r.skuActive && r.offerActive && r.gameActive)
  if (sellable.length !== wanted.size) {
    const missing = [...wanted.keys()].filter((id) => !sellable.some((r) => r.skuId === id))
    throw new AppError('NOT_FOUND', `Unknown or unavailable SKU ${missing.join(', ')}`, {
      issues: missing.map((id) => ({ path: 'items', message: `sku ${id} is not for sale` })),
    })
  }
  if (new Set(sellable.map((r) => r.gameId)).size > 1) {
    throw new AppError('INVALID_INPUT', 'One order is for one game', {
      issues: [{ path: 'items', message: 'ONE_GAME_PER_ORDER' }],
    })
  }
  const unpriced = sellable.filter((r) => r.price === null)
  if (unpriced.length > 0) {
    throw new AppError('INVALID_INPUT', `Not sold in ${currency}`, {
      issues: [{ path: 'currency', message: 'CURRENCY_NOT_AVAILABLE' }],
    })
  }
  const lines = sellable.map((r) => {
    const quantity = wanted.get(r.skuId)!
    return {
      skuId: r.skuId,
      skuCode: r.skuCode,
      title: `${r.name} — ${r.skuName}`,
      kind: r.kind,
      quantity,
      unitPriceMinor: r.price!,
      lineMinor: r.price! * quantity,
      gameId: r.gameId,
      categoryId: r.categoryId,
    }
  })
  lines.sort((a, b) => a.unitPriceMinor - b.unitPriceMinor || a.skuId - b.skuId)
  const first = sellable[0]!
  return {
    currency,
    offerId: first.offerId,
    game: {
      id: first.gameId,
      slug: first.slug,
      name: first.name,
      cover: first.cover,
      kind: first.kind,
      playerFields: first.playerFields,
    },
    lines,
    subtotalMinor: lines.reduce((sum, l) => sum + l.lineMinor, 0),
  }
}

/**
 * Code products: refuse up front what cannot be delivered now. Advisory only (codes are
 * allocated at fulfilment, which refunds if stock ran out in between).
 */
export async function assertInStock(db: Db, cart: Cart): Promise<void> {
  if (cart.game.kind !== 'currency') return
  const ids = cart.lines.map((l) => l.skuId)
  const free = await db
    .select({ skuId: gameCodes.skuId, n: sql<number>`count(*)::int` })
    .from(gameCodes)
    .where(and(inArray(gameCodes.skuId, ids), isNull(gameCodes.orderId)))
    .groupBy(gameCodes.skuId)
  const short = cart.lines.filter((l) => (free.find((f) => f.skuId === l.skuId)?.n ?? 0) < l.quantity)
  if (short.length > 0) {
    throw new AppError('CONFLICT', 'Not enough codes in stock', {
      issues: short.map((l) => ({ path: 'items', message: `OUT_OF_STOCK:${l.skuId}` })),
    })
  }
}

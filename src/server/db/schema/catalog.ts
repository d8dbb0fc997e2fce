/** Catalog: categories, navigation, games, offers (the /offer/{id} pages), SKUs, prices, codes. */
import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  type ExtraConfigColumn,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import type { PlayerField } from '~/modules/catalog/catalog.schemas'
import { NAVIGATION_TYPES, PRODUCT_KINDS } from '~/modules/catalog/catalog.schemas'
import { LOCALES, createdAt, currencyCode, inList, isCurrency, localeCode, minor, tstz } from './columns'
import { orders } from './orders'

export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  /** URL slug used by /categories/{category}. */
  code: text('code').notNull().unique(),
  sort: integer('sort').notNull().default(0),
  visible: boolean('visible').notNull().default(true),
  createdAt: createdAt(),
})

export const categoryTranslations = pgTable(
  'category_translations',
  {
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    locale: localeCode().notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
  },
  (t) => [
    primaryKey({ columns: [t.categoryId, t.locale] }),
    check('category_translations_locale', inList(t.locale, LOCALES)),
  ],
)

/** SPEC §3 navigation list; `name` is the display label, `code` a stable key the UI may translate. */
export const navigationItems = pgTable(
  'navigation_items',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    type: text('type', { enum: NAVIGATION_TYPES }).notNull(),
    url: text('url'),
    code: text('code').notNull().unique(),
    visible: boolean('visible').notNull().default(true),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    check('navigation_items_type', inList(t.type, NAVIGATION_TYPES)),
    check('navigation_items_url_required', sql`${t.type} <> 'url' or ${t.url} is not null`),
  ],
)

export const games = pgTable(
  'games',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: PRODUCT_KINDS }).notNull(),
    /** Public path, e.g. /images/games/starfall-legends.svg. */
    cover: text('cover').notNull(),
    publisher: text('publisher').notNull(),
    sort: integer('sort').notNull().default(0),
    hot: boolean('hot').notNull().default(false),
    active: boolean('active').notNull().default(true),
    /** What the buyer must enter for a top-up (player ID, server...). Empty for code products. */
    playerFields: jsonb('player_fields').$type<PlayerField[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [index('games_category_idx').on(t.categoryId, t.sort), check('games_kind', inList(t.kind, PRODUCT_KINDS))],
)

/** The folded copy of a name or alias that game search matches (migration 0016's search_fold). */
const searchFolded = (name: string, of: string) =>
  text(name)
    .notNull()
    .generatedAlwaysAs(sql.raw(`public.search_fold(${of})`))

/**
 * Search's indexes on a folded column (ADR 097): trigrams for typos and words anywhere (GIN, with
 * fastupdate off: catalogue writes are rare, and a pending list that only VACUUM empties slowed
 * every search after a bulk load), and byte-order prefixes for queries too short for trigrams.
 */
function searchIndexes(table: string, column: ExtraConfigColumn) {
  return [
    index(`${table}_search_trgm_idx`).using('gin', column.op('gin_trgm_ops')).with({ fastupdate: false }),
    index(`${table}_search_prefix_idx`).on(column.op('text_pattern_ops')),
  ]
}

export const gameTranslations = pgTable(
  'game_translations',
  {
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    locale: localeCode().notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    searchName: searchFolded('search_name', 'name'),
  },
  (t) => [
    primaryKey({ columns: [t.gameId, t.locale] }),
    check('game_translations_locale', inList(t.locale, LOCALES)),
    ...searchIndexes('game_translations', t.searchName),
  ],
)

/**
 * Other names shoppers type for a game ("mlbb", "ml"), set by admins in the game editor. Search
 * matches them like the game's names (ADR 097).
 */
export const gameAliases = pgTable(
  'game_aliases',
  {
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    alias: text('alias').notNull(),
    searchAlias: searchFolded('search_alias', 'alias'),
  },
  (t) => [
    primaryKey({ columns: [t.gameId, t.alias] }),
    check('game_aliases_length', sql`char_length(${t.alias}) between 1 and 60`),
    ...searchIndexes('game_aliases', t.searchAlias),
  ],
)

/** A purchasable product page: /offer/{id}. */
export const offers = pgTable(
  'offers',
  {
    id: serial('id').primaryKey(),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: PRODUCT_KINDS }).notNull(),
    /** Regions the offer is sold for, e.g. ["global"] or ["US","EU"]. */
    regions: jsonb('regions').$type<string[]>().notNull().default(['global']),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('offers_game_idx').on(t.gameId), check('offers_kind', inList(t.kind, PRODUCT_KINDS))],
)

/** One denomination of an offer, e.g. "60 Diamonds". */
export const skus = pgTable(
  'skus',
  {
    id: serial('id').primaryKey(),
    offerId: integer('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    /** Stable code shared with the supplier, e.g. SFL-60. */
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    /** Units of game currency delivered (60 for "60 Diamonds"). */
    quantity: integer('quantity').notNull(),
    region: text('region'),
    sort: integer('sort').notNull().default(0),
    active: boolean('active').notNull().default(true),
  },
  (t) => [index('skus_offer_idx').on(t.offerId, t.sort), check('skus_quantity_positive', sql`${t.quantity} > 0`)],
)

/**
 * A SKU's name per locale ("1.980 Sternjuwelen" on /de): written with the locale's digits and
 * words when the SKU is created; `skus.name` is the fallback for a locale without a row.
 */
export const skuTranslations = pgTable(
  'sku_translations',
  {
    skuId: integer('sku_id')
      .notNull()
      .references(() => skus.id, { onDelete: 'cascade' }),
    locale: localeCode().notNull(),
    name: text('name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.skuId, t.locale] }), check('sku_translations_locale', inList(t.locale, LOCALES))],
)

/** Prices are set per currency by hand (no runtime FX conversion). */
export const skuPrices = pgTable(
  'sku_prices',
  {
    skuId: integer('sku_id')
      .notNull()
      .references(() => skus.id, { onDelete: 'cascade' }),
    currency: currencyCode().notNull(),
    amountMinor: minor('amount_minor').notNull(),
    /** Optional struck-through "was" price. */
    listMinor: minor('list_minor'),
  },
  (t) => [
    primaryKey({ columns: [t.skuId, t.currency] }),
    check('sku_prices_currency', isCurrency(t.currency)),
    check('sku_prices_amount_positive', sql`${t.amountMinor} > 0`),
    check('sku_prices_list_ge_amount', sql`${t.listMinor} is null or ${t.listMinor} >= ${t.amountMinor}`),
  ],
)

/** Code inventory for 'currency' products; a code is sold once it has an order. */
export const gameCodes = pgTable(
  'game_codes',
  {
    id: serial('id').primaryKey(),
    skuId: integer('sku_id')
      .notNull()
      .references(() => skus.id, { onDelete: 'restrict' }),
    code: text('code').notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    allocatedAt: tstz('allocated_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('game_codes_sku_code_uq').on(t.skuId, t.code),
    // Stock counts and allocation (… where order_id is null for update skip locked) scan only free codes.
    index('game_codes_free_idx')
      .on(t.skuId)
      .where(sql`${t.orderId} is null`),
    index('game_codes_order_idx').on(t.orderId),
    check('game_codes_allocation', sql`(${t.orderId} is null) = (${t.allocatedAt} is null)`),
  ],
)

/**
 * What the back office's catalogue editors send and receive (client-safe). The editor checks a
 * form with these same schemas before sending it, so a field shows the server's rule.
 * Every schema is written from `z.` directly (ADR 041: chained constants are not tree-shaken).
 * Custom messages are issue codes that the back office words (admin/components/field-errors.ts).
 */
import { z } from 'zod'
import { VERSION_PATTERN } from '~/modules/editing/version'
import { LOCALES, type Locale } from '~/modules/i18n/locales'
import { checkAmount } from './amount-rule'
import { PRODUCT_KINDS, type PlayerField, type ProductKind } from './catalog.schemas'
import { CURRENCIES, type Currency } from './money'

export const ADMIN_CATALOG_PAGE_SIZE = 25
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
export const SKU_CODE_PATTERN = /^[A-Z0-9]+(?:[-_][A-Z0-9]+)*$/
export const REGION_PATTERN = /^[A-Za-z0-9-]{1,16}$/
export const COVER_PATTERN = /^\/images\/[a-z0-9][a-z0-9/._-]*\.(?:svg|webp|png|jpg)$/

/** Whether a player field's pattern is a regex this runtime compiles (PostgreSQL reads the same source). */
function compiles(pattern: string | undefined): boolean {
  if (pattern === undefined) return true
  try {
    return new RegExp(pattern) instanceof RegExp
  } catch {
    return false
  }
}

// ---------------------------------------------------------------------------------------------
// Games

export const adminGamesQuerySchema = z.object({
  q: z.string().trim().max(120).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
})
export type AdminGamesQuery = z.input<typeof adminGamesQuerySchema>

export interface AdminGameRow {
  id: number
  slug: string
  name: string
  category: string
  kind: ProductKind
  active: boolean
  offers: number
}

export interface AdminGamesPage {
  rows: AdminGameRow[]
  total: number
  page: number
  pageSize: number
}

export const adminGameIdSchema = z.object({ id: z.number().int().positive().max(2_147_483_647) })

/**
 * A game with its shopper texts. `id` and `version` together: an update of what the editor
 * loaded; neither: a new game. A locale whose name is empty has no translation (the shop shows
 * English there), so only English is required.
 */
/** Aliases per game, and the longest (the column's check allows 60). */
export const MAX_ALIASES = 20
export const MAX_ALIAS_LENGTH = 60

export const gameInputSchema = z
  .object({
    id: z.number().int().positive().max(2_147_483_647).optional(),
    version: z.string().regex(VERSION_PATTERN).optional(),
    slug: z.string().trim().min(1, 'required').max(80, 'too_long').regex(SLUG_PATTERN, 'slug'),
    categoryId: z.number({ error: 'required' }).int().positive(),
    kind: z.enum(PRODUCT_KINDS),
    cover: z.string().trim().min(1, 'required').max(200, 'too_long').regex(COVER_PATTERN, 'cover'),
    publisher: z.string().trim().min(1, 'required').max(80, 'too_long'),
    sort: z.number({ error: 'integer' }).int('integer').min(-1_000_000).max(1_000_000),
    hot: z.boolean(),
    active: z.boolean(),
    playerFields: z
      .array(
        z.object({
          key: z
            .string()
            .trim()
            .regex(/^[a-zA-Z][a-zA-Z0-9]{0,31}$/, 'field_key'),
          required: z.boolean(),
          pattern: z.string().max(200, 'too_long').optional(),
          options: z
            .array(
              z.object({
                value: z.string().trim().min(1, 'required').max(64, 'too_long'),
                label: z.string().trim().min(1, 'required').max(80, 'too_long'),
              }),
            )
            .max(50)
            .optional(),
          example: z.string().max(32, 'too_long').optional(),
        }),
      )
      .max(8),
    texts: z.record(
      z.enum(LOCALES),
      z.object({
        name: z.string().trim().max(120, 'too_long'),
        description: z.string().trim().max(4000, 'too_long'),
      }),
    ),
    /** Other names shoppers search by ("mlbb"); game search matches them like names (ADR 098). */
    aliases: z
      .array(
        z
          .string()
          .trim()
          .min(1, 'required')
          .max(MAX_ALIAS_LENGTH, 'too_long')
          .regex(/[\p{L}\p{N}]/u, 'alias'),
      )
      .max(MAX_ALIASES, 'too_many_aliases')
      .default([]),
  })
  .superRefine((game, ctx) => {
    const seen = new Set<string>()
    game.aliases.forEach((alias, i) => {
      const key = alias.toLocaleLowerCase('en')
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['aliases', i], message: 'duplicate' })
      seen.add(key)
    })
    if ((game.id === undefined) !== (game.version === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['version'], message: 'version' })
    }
    if (!game.texts.en.name) ctx.addIssue({ code: 'custom', path: ['texts', 'en', 'name'], message: 'required' })
    for (const locale of LOCALES) {
      const text = game.texts[locale]
      if (!text.name && text.description) {
        ctx.addIssue({ code: 'custom', path: ['texts', locale, 'name'], message: 'name_for_description' })
      }
    }
    // Code products are delivered from our inventory: there is no player account to ask for.
    if (game.kind === 'currency' && game.playerFields.length > 0) {
      ctx.addIssue({ code: 'custom', path: ['playerFields'], message: 'no_player_fields' })
    }
    const keys = new Set<string>()
    game.playerFields.forEach((field, i) => {
      if (keys.has(field.key)) ctx.addIssue({ code: 'custom', path: ['playerFields', i, 'key'], message: 'duplicate' })
      keys.add(field.key)
      if (!compiles(field.pattern)) {
        ctx.addIssue({ code: 'custom', path: ['playerFields', i, 'pattern'], message: 'pattern' })
      }
    })
  })
export type GameInput = z.input<typeof gameInputSchema>

export type LocaleTexts = Record<Locale, { name: string; description: string }>

export interface AdminPriceView {
  amountMinor: number
  listMinor: number | null
}

export interface AdminSkuView {
  id: number
  offerId: number
  code: string
  name: string
  quantity: number
  sort: number
  active: boolean
  /** Per-locale names; '' where a locale has none. */
  names: Record<Locale, string>
  prices: Partial<Record<Currency, AdminPriceView>>
  /** Free codes in stock (code products only). */
  freeCodes: number | null
  version: string
}

export interface AdminOfferView {
  id: number
  kind: ProductKind
  regions: string[]
  active: boolean
  version: string
  skus: AdminSkuView[]
}

export interface AdminGameView {
  id: number
  slug: string
  categoryId: number
  kind: ProductKind
  cover: string
  publisher: string
  sort: number
  hot: boolean
  active: boolean
  playerFields: PlayerField[]
  texts: LocaleTexts
  /** Search aliases, sorted. */
  aliases: string[]
  version: string
  offers: AdminOfferView[]
}

export interface CatalogOptions {
  categories: { id: number; code: string; name: string }[]
  /** Cover images the shop ships (public/images/games) and those games already use. */
  covers: string[]
  games: { id: number; name: string }[]
}

// ---------------------------------------------------------------------------------------------
// Offers and SKUs

export const offerInputSchema = z
  .object({
    gameId: z.number().int().positive().max(2_147_483_647),
    id: z.number().int().positive().max(2_147_483_647).optional(),
    version: z.string().regex(VERSION_PATTERN).optional(),
    regions: z.array(z.string().trim().regex(REGION_PATTERN, 'region')).min(1, 'required').max(20),
    active: z.boolean(),
  })
  .superRefine((offer, ctx) => {
    if ((offer.id === undefined) !== (offer.version === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['version'], message: 'version' })
    }
    if (new Set(offer.regions).size !== offer.regions.length) {
      ctx.addIssue({ code: 'custom', path: ['regions'], message: 'duplicate' })
    }
  })
export type OfferInput = z.input<typeof offerInputSchema>

/**
 * A SKU with its per-locale names and its prices, saved together. Prices are decimals in the
 * currency's units ("4.99"); a currency left out has no price (the SKU is not sold in it).
 */
export const skuInputSchema = z
  .object({
    offerId: z.number().int().positive().max(2_147_483_647),
    id: z.number().int().positive().max(2_147_483_647).optional(),
    version: z.string().regex(VERSION_PATTERN).optional(),
    code: z.string().trim().min(1, 'required').max(40, 'too_long').regex(SKU_CODE_PATTERN, 'sku_code'),
    name: z.string().trim().min(1, 'required').max(120, 'too_long'),
    quantity: z.number({ error: 'integer' }).int('integer').min(1, 'positive').max(1_000_000_000),
    sort: z.number({ error: 'integer' }).int('integer').min(-1_000_000).max(1_000_000),
    active: z.boolean(),
    names: z.record(z.enum(LOCALES), z.string().trim().max(120, 'too_long')),
    prices: z
      .array(
        z.object({
          currency: z.enum(CURRENCIES),
          amount: z.string().trim().min(1, 'required').max(20, 'too_long'),
          list: z.string().trim().max(20, 'too_long'),
        }),
      )
      .max(CURRENCIES.length),
  })
  .superRefine((sku, ctx) => {
    if ((sku.id === undefined) !== (sku.version === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['version'], message: 'version' })
    }
    const seen = new Set<string>()
    sku.prices.forEach((p, i) => {
      if (seen.has(p.currency)) ctx.addIssue({ code: 'custom', path: ['prices', i, 'currency'], message: 'duplicate' })
      seen.add(p.currency)
      const amount = checkAmount(p.amount, p.currency, ['prices', i, 'amount'], ctx)
      if (!p.list) return
      const list = checkAmount(p.list, p.currency, ['prices', i, 'list'], ctx)
      if (amount !== null && list !== null && list < amount) {
        ctx.addIssue({ code: 'custom', path: ['prices', i, 'list'], message: 'list_below_price' })
      }
    })
  })
export type SkuInput = z.input<typeof skuInputSchema>

/** A game code as the inventory holds it: printable, no spaces, at most 120 characters. */
export const CODE_PATTERN = /^[\x21-\x7e]{1,120}$/

/** Codes pasted for one code SKU (the first CSV column); `dryRun` only reports. */
export const codeImportInputSchema = z.object({
  skuId: z.number().int().positive(),
  csv: z.string().max(2_000_000),
  dryRun: z.boolean(),
})
export type CodeImportInput = z.infer<typeof codeImportInputSchema>

export interface CodeImportReport {
  dryRun: boolean
  /** Imported, or that an import would insert. */
  newCodes: number
  duplicateInFile: number
  alreadyInStock: number
  invalidLines: number
  /** The first few of each, to check by eye. */
  examples: { duplicateInFile: string[]; alreadyInStock: string[]; invalidLines: string[] }
}

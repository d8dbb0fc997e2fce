/** Offer page and SKU list shapes (client-safe). */
import { z } from 'zod'
import { LOCALES, type Locale } from '~/modules/i18n/locales'
import type { PlayerField, ProductKind } from './catalog.schemas'
import { CURRENCIES, type Currency } from './money'

export const currencySchema = z.enum(CURRENCIES)

export const offerIdSchema = z.coerce.number().int().positive().max(2_147_483_647)

/** GET /api/items/filterSku and the getSkus server function. */
export const filterSkuQuerySchema = z.object({
  offerId: offerIdSchema,
  currency: currencySchema,
  region: z
    .string()
    .regex(/^[A-Za-z0-9-]{1,16}$/)
    .optional(),
  server: z
    .string()
    .regex(/^[a-z0-9-]{1,64}$/)
    .optional(),
  /** Names SKUs in this language (digits and words); English when absent. */
  locale: z.enum(LOCALES).optional(),
})
export type FilterSkuQuery = z.infer<typeof filterSkuQuerySchema>

export const offerInputSchema = z.object({ id: offerIdSchema, locale: z.enum(LOCALES) })

export interface OfferDetail {
  id: number
  kind: ProductKind
  regions: string[]
  game: {
    slug: string
    name: string
    description: string
    cover: string
    publisher: string
    playerFields: PlayerField[]
  }
  category: { code: string; name: string }
  /** The locale the texts are in (requested, or 'en' when untranslated). */
  locale: Locale
}

export interface SkuOption {
  id: number
  code: string
  name: string
  quantity: number
  region: string | null
  price: { amountMinor: number; currency: Currency; listMinor: number | null }
  /** Free codes for code products; null for top-ups, which the supplier delivers on demand. */
  stock: number | null
  available: boolean
}

export interface SkuList {
  offerId: number
  kind: ProductKind
  currency: Currency
  /** Currencies this offer's SKUs are priced in, for the currency switcher. */
  currencies: Currency[]
  skus: SkuOption[]
}

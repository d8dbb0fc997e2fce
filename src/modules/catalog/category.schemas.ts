/** Category page shapes (client-safe). */
import type { Locale } from '~/modules/i18n/locales'
import { LOCALE_TAGS } from '~/modules/i18n/locales'
import { collator } from '~/modules/i18n/formatters'
import type { ProductKind } from './catalog.schemas'
import { oneOf, searchOf } from '~/modules/shell/route-params'

export const CATEGORY_SORTS = ['popular', 'name'] as const
export type CategorySort = (typeof CATEGORY_SORTS)[number]
/** ?sort=… on /categories/{category}; anything unknown falls back to the default order. */
export const categorySearchSchema = searchOf({ sort: oneOf(CATEGORY_SORTS) })

export interface GameCard {
  slug: string
  name: string
  cover: string
  publisher: string
  kind: ProductKind
  hot: boolean
  /** Catalogue order set by operators; "popular" sorts hot games first, then by this. */
  sort: number
  offerId: number
}

export interface CategoryPage {
  code: string
  name: string
  description: string
  /** The locale the category text is in (requested, or 'en' when untranslated). */
  locale: Locale
  games: GameCard[]
}

export function sortGames(games: readonly GameCard[], sort: CategorySort, locale: Locale): GameCard[] {
  const names = collator(LOCALE_TAGS[locale])
  return [...games].sort((a, b) =>
    sort === 'name'
      ? names.compare(a.name, b.name)
      : Number(b.hot) - Number(a.hot) || a.sort - b.sort || a.slug.localeCompare(b.slug),
  )
}

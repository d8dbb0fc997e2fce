/**
 * Game search shapes and limits shared by the server doors and the UI (client-safe). Input schemas
 * are written from `z.` directly so the client build drops them (ADR 041).
 */
import { z } from 'zod'
import { LOCALES } from '~/modules/i18n/locales'
import type { GameCard } from '~/modules/catalog/category.schemas'
import { RESULTS_LIMIT, SEARCH_MAX_LENGTH } from './search.constants'

export { BEST_SELLERS_LIMIT, RESULTS_LIMIT, SEARCH_MAX_LENGTH, SUGGESTION_LIMIT } from './search.constants'

/** GET /api/search and the UI's search door: the query, the names' language, how many results. */
export const searchInputSchema = z.object({
  q: z.string().max(SEARCH_MAX_LENGTH, 'too_long'),
  locale: z.enum(LOCALES).default('en'),
  limit: z.coerce.number().int().min(1).max(RESULTS_LIMIT).default(RESULTS_LIMIT),
})
export type SearchInput = z.input<typeof searchInputSchema>

export interface SearchHit extends GameCard {
  /** The other name or alias that matched, when it is not the name shown ("mlbb"). */
  matched?: string
}

export interface SearchResults {
  /** The query as searched (trimmed, spaces collapsed). */
  q: string
  hits: SearchHit[]
  /** Games that matched (the hits are the first `limit` of them). */
  total: number
  /** The best-selling games, when nothing matched (or nothing was asked). */
  bestSellers: GameCard[]
}

/**
 * The query as typed, made searchable: control characters (a NUL would be refused by PostgreSQL)
 * become spaces, runs of whitespace one space, ends trimmed.
 */
export function cleanQuery(q: string): string {
  return q
    .replace(/\p{Cc}+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}

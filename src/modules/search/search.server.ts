/**
 * Game search (ADR 097): names in every language and admin-set aliases, folded without accents
 * (`search_fold`), matched by trigrams (pg_trgm) so typos still find the game; the ranking rules
 * are in ranking.ts. Nothing matched, or nothing asked: the best-selling games instead.
 */
import { sql, type SQL } from 'drizzle-orm'
import { cached } from '~/server/cache'
import { selectRows, type Db } from '~/server/db/client'
import type { Locale } from '~/modules/i18n/locales'
import type { GameCard } from '~/modules/catalog/category.schemas'
import { rankCandidates, type Candidate } from './ranking'
import {
  BEST_SELLERS_LIMIT,
  cleanQuery,
  searchInputSchema,
  type SearchHit,
  type SearchInput,
  type SearchResults,
} from './search.schemas'

/**
 * Candidates ranked per search: the database keeps the games with a name starting with the query,
 * then the closest; the rules then order these. Only a query matching more games than this (one
 * or two letters in a large catalogue) leaves some out before sales are compared.
 */
const MAX_CANDIDATES = 200
/** Shorter folded queries have no trigram: they match the start of a name or alias only. */
const MIN_TRIGRAM_LENGTH = 3
/**
 * How much of the query's trigrams a stretch of a name must share to count as alike (pg_trgm's
 * `<%`, default 0.6): 0.5 still finds a one-letter slip in a short word ("orbti" → "Orbit") and two
 * in a name ("starfal legnds"), while a name sharing only one of two words ("wild hunters" for
 * "wild heroes", 0.5) falls to the look-alike tier. Plain similarity (`%`, 0.3) is not used: it
 * matched every game sharing one word with a two-word query and tripled the rows to rank.
 */
const WORD_SIMILARITY_THRESHOLD = 0.5

/** A game card as a row (a mapped type: selectRows wants a record type, not an interface). */
type CardRow = { [K in keyof GameCard]: GameCard[K] }

type CandidateRow = CardRow & { texts: string[]; folded: string[]; similarity: number; sales: number }

type GameRow = CardRow & Candidate

/** Which folded names or aliases (`column`) match the folded query, on the search indexes. */
function matches(column: SQL, folded: string): SQL {
  if (folded.length < MIN_TRIGRAM_LENGTH) {
    // Byte-order range on the text_pattern_ops index: every text that starts with the query.
    return sql`(${column} ~>=~ ${folded} and ${column} ~<~ (${folded} || chr(1114111)))`
  }
  return sql`(${folded} operator(public.<%) ${column} or ${column} like ${`%${folded}%`})`
}

/** Games one of whose names or aliases matches, with what the rules need (at most MAX_CANDIDATES). */
async function findCandidates(db: Db, folded: string, locale: Locale): Promise<GameRow[]> {
  // The threshold is a setting; set for this transaction only, it never leaks to a pooled connection.
  const rows = await db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('pg_trgm.word_similarity_threshold', ${String(WORD_SIMILARITY_THRESHOLD)}, true)`,
    )
    return selectRows<CandidateRow>(
      tx,
      // `union` drops the copies of a name that is the same in several languages before the
      // similarities are computed; the cap applies before the per-game lookups.
      sql`with hit as (
        select t.game_id, t.name as text, t.search_name as term
        from game_translations t where ${matches(sql`t.search_name`, folded)}
        union
        select a.game_id, a.alias, a.search_alias
        from game_aliases a where ${matches(sql`a.search_alias`, folded)}
      ), candidate as (
        select game_id, array_agg(text order by term) as texts, array_agg(term order by term) as folded,
          max(public.similarity(term, ${folded}))::float8 as similarity
        from hit group by game_id
        order by bool_or(starts_with(term, ${folded})) desc, similarity desc, game_id
        limit ${MAX_CANDIDATES}
      )
      select c.texts, c.folded, c.similarity, coalesce(s.orders, 0)::int as sales,
        g.slug, coalesce(loc.name, en.name, g.slug) as name, g.cover, g.publisher, g.kind, g.hot, g.sort,
        o.offer_id as "offerId"
      from candidate c
      join games g on g.id = c.game_id and g.active
      join lateral (select min(id)::int as offer_id from offers where game_id = g.id and active) o on o.offer_id is not null
      left join game_sales s on s.game_id = g.id
      left join game_translations loc on loc.game_id = g.id and loc.locale = ${locale}
      left join game_translations en on en.game_id = g.id and en.locale = 'en'`,
    )
  })
  return rows.map(({ texts, folded: terms, ...r }) => ({
    ...r,
    terms: terms.map((f, i) => ({ text: texts[i]!, folded: f })),
    similarity: Number(r.similarity),
  }))
}

const card = ({ slug, name, cover, publisher, kind, hot, sort, offerId }: CardRow): GameCard => ({
  slug,
  name,
  cover,
  publisher,
  kind,
  hot,
  sort,
  offerId,
})

/** The search use case behind the header's suggestions, the results page and GET /api/search. */
export async function searchGames(db: Db, input: SearchInput): Promise<SearchResults> {
  const { q: raw, locale, limit } = searchInputSchema.parse(input)
  const q = cleanQuery(raw)
  const [{ folded } = { folded: '' }] = q
    ? await selectRows<{ folded: string }>(db, sql`select public.search_fold(${q}) as folded`)
    : []
  // Nothing searchable ("", "%", "--"): offer the best sellers.
  if (!folded) return { q, hits: [], total: 0, bestSellers: await bestSellers(db, locale) }
  const ranked = rankCandidates(folded, await findCandidates(db, folded, locale))
  const hits: SearchHit[] = ranked.slice(0, limit).map(({ candidate, term }) => ({
    ...card(candidate),
    ...(term.text !== candidate.name ? { matched: term.text } : {}),
  }))
  return { q, hits, total: ranked.length, bestSellers: hits.length > 0 ? [] : await bestSellers(db, locale) }
}

const BEST_SELLERS_TTL_MS = 60_000

/** The games that sold most in the sales window; then the operators' order (hot, then sort). */
export function bestSellers(db: Db, locale: Locale): Promise<GameCard[]> {
  return cached(db, 'catalog', `best-sellers:${locale}`, BEST_SELLERS_TTL_MS, async () => {
    const rows = await selectRows<CardRow>(
      db,
      sql`select g.slug, coalesce(loc.name, en.name, g.slug) as name, g.cover, g.publisher, g.kind, g.hot, g.sort,
          o.offer_id as "offerId"
        from games g
        join lateral (select min(id)::int as offer_id from offers where game_id = g.id and active) o on o.offer_id is not null
        left join game_sales s on s.game_id = g.id
        left join game_translations loc on loc.game_id = g.id and loc.locale = ${locale}
        left join game_translations en on en.game_id = g.id and en.locale = 'en'
        where g.active
        order by coalesce(s.orders, 0) desc, g.hot desc, g.sort, g.id
        limit ${BEST_SELLERS_LIMIT}`,
    )
    return rows
  })
}

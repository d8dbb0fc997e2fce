/**
 * Search ranking rules (ADR 097), pure so they are tested without a database. The database finds
 * the candidates and folds every text the same way (`search_fold`: no accents, lower case,
 * non-alphanumerics as single spaces); these rules order them:
 * 1. how the best of a game's names and aliases meets the query: the whole name, the start of the
 *    name, the start of a later word, inside a word, then only alike (typos, swapped words);
 * 2. among games that contain the query: more sales first; among look-alikes: the closer first
 *    (by steps of 0.1 similarity), then more sales;
 * 3. then the operators' catalogue order (hot games, then sort), then the name.
 */
export const MATCH_TIERS = ['exact', 'prefix', 'word', 'inside', 'alike'] as const
export type MatchTier = (typeof MATCH_TIERS)[number]

/** One name or alias of a game: as written, and folded by the database. */
export interface Term {
  text: string
  folded: string
}

export interface Candidate {
  terms: readonly Term[]
  /**
   * Best trigram similarity of a whole term to the query (0–1, pg_trgm's similarity()): a typo of
   * the whole name ("orbti" for "Orbit") is closer than the same word inside a longer name.
   */
  similarity: number
  /** Paid orders in the sales window. */
  sales: number
  hot: boolean
  sort: number
  name: string
}

export interface Ranked<C extends Candidate> {
  candidate: C
  tier: MatchTier
  /** The term the tier came from. */
  term: Term
}

/** How a folded term meets a folded query. */
export function tierOf(query: string, term: string): MatchTier {
  if (term === query) return 'exact'
  if (term.startsWith(query)) return 'prefix'
  if (term.includes(` ${query}`)) return 'word'
  if (term.includes(query)) return 'inside'
  return 'alike'
}

const rank = (tier: MatchTier) => MATCH_TIERS.indexOf(tier)

/** The candidate's best term for the query (the first of equals: the order the database gave). */
function bestTerm<C extends Candidate>(query: string, candidate: C): Ranked<C> {
  let best: Ranked<C> | undefined
  for (const term of candidate.terms) {
    const tier = tierOf(query, term.folded)
    if (!best || rank(tier) < rank(best.tier)) best = { candidate, tier, term }
  }
  if (!best) throw new Error('a search candidate without terms')
  return best
}

/** Similarity in steps of 0.1: "about as close" look-alikes are then ordered by sales. */
const band = (similarity: number) => Math.round(similarity * 10)

export function compareRanked<C extends Candidate>(a: Ranked<C>, b: Ranked<C>): number {
  const x = a.candidate
  const y = b.candidate
  return (
    rank(a.tier) - rank(b.tier) ||
    (a.tier === 'alike' ? band(y.similarity) - band(x.similarity) : 0) ||
    y.sales - x.sales ||
    y.similarity - x.similarity ||
    Number(y.hot) - Number(x.hot) ||
    x.sort - y.sort ||
    x.name.localeCompare(y.name)
  )
}

/** The candidates in result order, each with the tier and term that placed it. */
export function rankCandidates<C extends Candidate>(query: string, candidates: readonly C[]): Ranked<C>[] {
  return candidates.map((c) => bestTerm(query, c)).sort(compareRanked)
}

/** Search ranking rules (src/modules/search/ranking.ts) and query cleaning, without a database. */
import { describe, expect, it } from 'vitest'
import { rankCandidates, tierOf, type Candidate } from '../../src/modules/search/ranking'
import { cleanQuery } from '../../src/modules/search/search.schemas'

/** A candidate whose terms are already folded (as the database's search_fold returns them). */
function game(name: string, over: Partial<Omit<Candidate, 'terms'>> & { terms?: string[] } = {}): Candidate {
  const folded = over.terms ?? [name.toLowerCase()]
  const { terms: _, ...rest } = over
  return {
    name,
    similarity: 0.5,
    sales: 0,
    hot: false,
    sort: 0,
    ...rest,
    terms: folded.map((f) => ({ text: f, folded: f })),
  }
}

const order = (query: string, candidates: Candidate[]) => rankCandidates(query, candidates).map((r) => r.candidate.name)

describe('tierOf', () => {
  it('tells the whole name, its start, a later word, inside a word and look-alikes apart', () => {
    expect(tierOf('orbit', 'orbit')).toBe('exact')
    expect(tierOf('orbit', 'orbit racers')).toBe('prefix')
    expect(tierOf('orb', 'orbit racers')).toBe('prefix')
    expect(tierOf('racers', 'orbit racers')).toBe('word')
    expect(tierOf('rbit', 'orbit racers')).toBe('inside')
    expect(tierOf('orbti', 'orbit racers')).toBe('alike')
  })
})

describe('rankCandidates', () => {
  it('puts the exact name first, then prefixes, later words, inside, look-alikes, whatever they sold', () => {
    const ranked = order('orbit', [
      game('Suborbital', { sales: 50 }),
      game('Siege of Orbit', { sales: 40 }),
      game('Orbitt', { terms: ['orbitt'], sales: 0 }),
      game('Orbit Racers', { sales: 30 }),
      game('Orbit', { sales: 0 }),
      game('Obrit Wars', { terms: ['obrit wars'], sales: 99 }),
    ])
    expect(ranked).toEqual(['Orbit', 'Orbit Racers', 'Orbitt', 'Siege of Orbit', 'Suborbital', 'Obrit Wars'])
  })

  it('orders games that meet the query the same way by sales, then similarity', () => {
    expect(
      order('star', [
        game('Star Racers', { sales: 2, similarity: 0.6 }),
        game('Star Kingdoms', { sales: 7, similarity: 0.4 }),
        game('Star Quest', { sales: 2, similarity: 0.7 }),
      ]),
    ).toEqual(['Star Kingdoms', 'Star Quest', 'Star Racers'])
  })

  it('orders look-alikes by closeness first, and by sales only among about as close', () => {
    expect(
      order('starfal legnds', [
        game('Stellar Legends', { terms: ['stellar legends'], similarity: 0.31, sales: 500 }),
        game('Starfall Legends', { terms: ['starfall legends'], similarity: 0.6, sales: 1 }),
        game('Starfall Legacy', { terms: ['starfall legacy'], similarity: 0.58, sales: 9 }),
      ]),
    ).toEqual(['Starfall Legacy', 'Starfall Legends', 'Stellar Legends'])
  })

  it('ranks a game by its best name or alias and says which matched', () => {
    const [first, second] = rankCandidates('mlbb', [
      game('Mobile Brawl', { terms: ['mobile brawl'], similarity: 0.3, sales: 80 }),
      game('Mobile Legends: Bang Bang', { terms: ['mobile legends bang bang', 'mlbb', 'ml'], similarity: 1 }),
    ])
    expect(first!.candidate.name).toBe('Mobile Legends: Bang Bang')
    expect(first!.tier).toBe('exact')
    expect(first!.term.folded).toBe('mlbb')
    expect(second!.tier).toBe('alike')
  })

  it('breaks full ties with the catalogue order: hot games, then sort, then name', () => {
    expect(
      order('arena', [
        game('Arena B', { sort: 2 }),
        game('Arena C', { sort: 1 }),
        game('Arena D', { hot: true, sort: 9 }),
        game('Arena A', { sort: 2 }),
      ]),
    ).toEqual(['Arena D', 'Arena C', 'Arena A', 'Arena B'])
  })
})

describe('cleanQuery', () => {
  it('trims, collapses whitespace and turns control characters into spaces', () => {
    expect(cleanQuery('  starfall \t  legends \n')).toBe('starfall legends')
    expect(cleanQuery('star\u0000fall')).toBe('star fall')
    expect(cleanQuery('\u0007')).toBe('')
  })

  it('keeps everything else as typed (folding is the database’s)', () => {
    expect(cleanQuery('Pokémon: 100%_done')).toBe('Pokémon: 100%_done')
  })
})

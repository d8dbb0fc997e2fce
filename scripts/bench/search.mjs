// Game search over a catalogue of 10,000 games (issue 35: p95 ≤ 30 ms): a production server on its
// own database gets the demo catalogue plus generated games (names in six languages, some with
// accents or in Cyrillic, aliases, sales), then answers a fixed mix of queries one at a time
// through GET /api/search. The figure is the search's own time, from the Server-Timing header the
// route sets; the round trip on this machine is reported beside it. On PostgreSQL when a database
// URL is given, and always on the embedded database (PGlite) for comparison.
import { rmSync } from 'node:fs'
import { availableParallelism, loadavg } from 'node:os'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import { Client } from 'pg'
import { createPostgresDatabase } from '../throwaway-database.mjs'
import { appDir, startServer } from './server.mjs'

export const SEARCH_TARGET_P95_MS = 30
const GAMES = Number(process.env.BENCH_SEARCH_GAMES ?? 10_000)
const ROUNDS = Number(process.env.BENCH_SEARCH_ROUNDS ?? 3)

// Words the generated names are made of: 40 × 40 two-word names, a third word for some.
const FIRST = `Star Mech Dragon Pocket Neon Iron Arcane Void Sky Shadow Tempest Galactic Hollow Crystal Storm
  Ember Frost Lunar Solar Rune Titan Pixel Rogue Cyber Mystic Savage Eternal Crimson Golden Silent
  Wild Royal Ancient Phantom Thunder Quantum Primal Astral Obsidian Radiant`.split(/\s+/)
const SECOND = `Legends Arena Saga Kingdoms Racing Frontier Rift Hunters Tactics Circuit Rally Brawl Chronicles
  Quest Heroes Empires Warriors Odyssey Clash Tales Knights Raiders Guardians Dynasty Realms Siege
  Conquest Survivors Battalion Outlaws Pioneers Titans Wanderers Mercenaries Squadron Crusade
  Voyagers Champions Duel Horizon`.split(/\s+/)
const THIRD = ['Online', 'Mobile', 'Zero', 'Reborn', 'Origins', 'Infinity', 'Tactics', 'World', 'Idle', 'Rush']
// Some games are sold under other names in French (with accents) and Russian (Cyrillic).
const FRENCH = `Épopée Légendes Arène Royaumes Chroniques Héros Guerriers Odyssée Éclat Géants`.split(/\s+/)
const RUSSIAN = `Легенды Арена Сага Королевства Хроники Герои Воины Одиссея Рыцари Титаны`.split(/\s+/)

const sqlArray = (words) => `array[${words.map((w) => `'${w.replace(/'/g, "''")}'`).join(',')}]`

/**
 * One statement per table, all from generate_series (so the same text fills PGlite and
 * PostgreSQL): games `bench-<n>` in the first category with one active offer each; every fourth
 * with a French name, every third with a Russian one, every fifth with an alias (its initials and
 * number); three in ten with sales.
 */
export function generatorStatements(count) {
  const words = `(select ${sqlArray(FIRST)} as f, ${sqlArray(SECOND)} as s, ${sqlArray(THIRD)} as t,
    ${sqlArray(FRENCH)} as fr, ${sqlArray(RUSSIAN)} as ru) w`
  const trigramIndexes = ['game_translations_search_trgm_idx', 'game_aliases_search_trgm_idx']
  return [
    // A bulk load goes through GIN's pending list (the app's indexes keep fastupdate off, which
    // suits rare catalogue edits but makes 60,000 inserts slow), emptied into the index at the end.
    ...trigramIndexes.map((index) => `alter index ${index} set (fastupdate = on)`),
    `insert into games (slug, category_id, kind, cover, publisher, sort, hot)
     select 'bench-' || i, (select min(id) from categories), 'topup', '/images/games/starfall-legends.svg',
       'Bench Studio', 1000 + i, i % 97 = 0
     from generate_series(1, ${count}) i`,
    `insert into game_translations (game_id, locale, name)
     select g.id, l.locale, case
         when l.locale = 'fr' and i % 4 = 0 then w.fr[1 + i % 10] || ' ' || w.f[1 + (i / 10) % 40] || ' ' || i
         when l.locale = 'ru' and i % 3 = 0 then w.ru[1 + i % 10] || ' ' || w.f[1 + (i / 10) % 40] || ' ' || i
         else w.f[1 + i % 40] || ' ' || w.s[1 + (i / 40) % 40]
           || case when i >= 1600 then ' ' || w.t[1 + (i / 1600) % 10] else '' end
       end
     from generate_series(1, ${count}) i
     join games g on g.slug = 'bench-' || i
     cross join (values ('en'), ('fr'), ('pt'), ('es'), ('de'), ('ru')) l(locale)
     cross join ${words}`,
    `insert into game_aliases (game_id, alias)
     select g.id, lower(left(w.f[1 + i % 40], 1) || left(w.s[1 + (i / 40) % 40], 1)) || i
     from generate_series(1, ${count}) i join games g on g.slug = 'bench-' || i cross join ${words}
     where i % 5 = 0`,
    `insert into offers (game_id, kind) select id, 'topup' from games where slug like 'bench-%'`,
    `insert into game_sales (game_id, orders, refreshed_at)
     select id, (hashtext(slug) & 1023), now() from games where slug like 'bench-%' and hashtext(slug) % 10 < 3`,
    ...trigramIndexes.map((index) => `select gin_clean_pending_list('${index}')`),
    ...trigramIndexes.map((index) => `alter index ${index} set (fastupdate = off)`),
    'analyze',
  ]
}

/**
 * The queries, drawn from the generated names: whole names, starts of names, a later word, a
 * typo (two letters swapped), accent-free French and Russian names, aliases, two letters, and
 * queries that match nothing (best sellers). Fixed, so every run and driver asks the same.
 */
export function queryMix() {
  const first = (i) => FIRST[i % 40]
  const second = (i) => SECOND[Math.floor(i / 40) % 40]
  const plain = (s) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
  const swap = (s, at) => s.slice(0, at) + s[at + 1] + s[at] + s.slice(at + 2)
  const queries = []
  for (let k = 0; k < 20; k++) {
    const i = 37 + k * 409
    const name = `${first(i)} ${second(i)}`
    const fr = 4 * (10 + k * 97) // a game with a French name
    const ru = 3 * (10 + k * 131) // and one with a Russian name
    const aliased = 5 * (1 + k * 83)
    queries.push(
      name,
      first(i).slice(0, 4).toLowerCase(),
      second(i).toLowerCase(),
      swap(name.toLowerCase(), 3),
      `${plain(FRENCH[fr % 10])} ${plain(first(Math.floor(fr / 10)))}`,
      `${RUSSIAN[ru % 10]} ${first(Math.floor(ru / 10))}`,
      `${first(aliased)[0]}${second(aliased)[0]}${aliased}`.toLowerCase(),
      first(i).slice(0, 2).toLowerCase(),
      `zq${k}xv wbk`,
    )
  }
  return queries
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]

async function measure(base) {
  const queries = queryMix()
  // Unmeasured first pass: the server's JIT, statement preparation and the database's caches.
  for (const q of queries) await fetch(`${base}/api/search?${new URLSearchParams({ q, limit: '6' })}`)
  const server = []
  const roundTrip = []
  let hits = 0
  for (let round = 0; round < ROUNDS; round++) {
    for (const [n, q] of queries.entries()) {
      const params = new URLSearchParams({ q, locale: 'en', limit: n % 2 === 0 ? '6' : '48' })
      const t0 = performance.now()
      const response = await fetch(`${base}/api/search?${params}`)
      const body = await response.json()
      roundTrip.push(performance.now() - t0)
      if (!response.ok) throw new Error(`search ${q}: ${response.status} ${JSON.stringify(body)}`)
      const timing = /search;dur=([\d.]+)/.exec(response.headers.get('server-timing') ?? '')
      if (!timing) throw new Error('the search answer has no Server-Timing')
      server.push(Number(timing[1]))
      if (body.hits.length > 0) hits++
    }
  }
  server.sort((a, b) => a - b)
  roundTrip.sort((a, b) => a - b)
  const round1 = (x) => +x.toFixed(1)
  return {
    // Figures on a shared machine scale with its load: reported beside them.
    loadAverage: +loadavg()[0].toFixed(1),
    games: GAMES,
    searches: server.length,
    withHits: hits,
    p50ms: round1(percentile(server, 50)),
    p95ms: round1(percentile(server, 95)),
    maxMs: round1(server.at(-1)),
    roundTripP95ms: round1(percentile(roundTrip, 95)),
  }
}

async function onPglite(port) {
  const dataDir = `${appDir}/.data-test/bench-search`
  rmSync(dataDir, { recursive: true, force: true })
  // The server migrates and seeds the demo catalogue; the generated games go in while it is down
  // (one process per PGlite directory).
  const first = startServer(port, { DATA_DIR: dataDir })
  await first.ready()
  await first.stop()
  const db = await PGlite.create(dataDir, { extensions: { pg_trgm, unaccent } })
  try {
    for (const statement of generatorStatements(GAMES)) await db.exec(statement)
  } finally {
    await db.close()
  }
  const server = startServer(port, { DATA_DIR: dataDir })
  try {
    await server.ready()
    return await measure(server.base)
  } finally {
    await server.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

async function onPostgres(pgUrl, port) {
  const database = await createPostgresDatabase(pgUrl, 'bench_search')
  const server = startServer(port, {
    DATABASE_URL: database.url,
    SEED_CATALOG: 'true',
    PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
    DATA_DIR: '.data-test/bench-search-pg',
  })
  try {
    await server.ready()
    const client = new Client({ connectionString: database.url })
    await client.connect()
    try {
      for (const statement of generatorStatements(GAMES)) await client.query(statement)
    } finally {
      await client.end()
    }
    return await measure(server.base)
  } finally {
    await server.stop()
    await database.drop()
  }
}

/** Search p95 on PGlite, and on PostgreSQL when `pgUrl` is set; prints each beside the target. */
export async function searchLatency(port, pgUrl) {
  const rows = [{ driver: 'pglite', ...(await onPglite(port)) }]
  if (pgUrl) rows.push({ driver: 'postgres', ...(await onPostgres(pgUrl, port)) })
  console.log(
    `\nGame search over ${GAMES.toLocaleString('en')} games (GET /api/search, server time from Server-Timing; target p95 ≤ ${SEARCH_TARGET_P95_MS} ms):`,
  )
  for (const r of rows) {
    r.meetsTarget = r.p95ms <= SEARCH_TARGET_P95_MS
    console.log(
      `  ${r.driver.padEnd(9)} p50 ${r.p50ms} ms · p95 ${r.p95ms} ms · max ${r.maxMs} ms  ${r.meetsTarget ? 'ok' : 'OVER TARGET'}` +
        `   (${r.searches} searches, ${r.withHits} with results; round trip p95 ${r.roundTripP95ms} ms; load average ${r.loadAverage} on ${availableParallelism()} cores)`,
    )
  }
  return rows
}

// `npm run bench`: builds, starts the production server on a fresh embedded database and reports
// first-load JavaScript per page and Lighthouse mobile scores (scripts/bench/*.mjs), then game search
// over 10,000 games. Figures go to stdout and bench-results/latest.json.
import { spawnSync } from 'node:child_process'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { BUNDLE_PAGES, firstLoadJs } from './bench/bundle.mjs'
import { chartSplit } from './bench/chart-split.mjs'
import { lighthouseScores } from './bench/lighthouse.mjs'
import { postgresFigures } from './bench/postgres.mjs'
import { searchLatency } from './bench/search.mjs'
import { appDir, startServer } from './bench/server.mjs'
import { ssrThroughput } from './bench/ssr.mjs'

const port = Number(process.env.BENCH_PORT ?? 3200)
const base = `http://127.0.0.1:${port}`
const pages = process.env.BENCH_PAGES?.split(',') ?? [...BUNDLE_PAGES, '/affiliate/dashboard']

if (!process.env.BENCH_SKIP_BUILD) {
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' })
  if (build.status !== 0) process.exit(build.status ?? 1)
}

const dataDir = `${appDir}/.data-test/bench`
rmSync(dataDir, { recursive: true, force: true })
// BENCH_APP_DIR runs another checkout's build (e.g. the previous commit) under this bench code.
const server = startServer(port, { DATA_DIR: dataDir })

const results = { date: new Date().toISOString(), firstLoadJs: [] }
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL
try {
  await server.ready()
  results.firstLoadJs = await firstLoadJs(base, pages)
  results.chart = chartSplit(results.firstLoadJs)
  if (!process.env.BENCH_SKIP_LIGHTHOUSE) results.lighthouse = lighthouseScores(base)
  if (!process.env.BENCH_SKIP_SSR) results.ssr = await ssrThroughput(server)
  // Signed-in pages, checkout and memory need PostgreSQL (sessions written by the bench; concurrency
  // figures on the embedded database would mean little).
  if (pgUrl) Object.assign(results, await postgresFigures(pgUrl, port + 1))
} finally {
  await server.stop()
}
// On servers of its own (a catalogue of 10,000 games), on the same port once the first is down.
if (!process.env.BENCH_SKIP_SEARCH) results.search = await searchLatency(port, pgUrl)
mkdirSync('bench-results', { recursive: true })
writeFileSync('bench-results/latest.json', JSON.stringify(results, null, 2))

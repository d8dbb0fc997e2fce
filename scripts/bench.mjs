// `npm run bench`: builds, starts the production server on a fresh embedded database and reports
// first-load JavaScript (gzip) per page. Figures go to stdout and bench-results/latest.json.
import { spawn, spawnSync } from 'node:child_process'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { chartSplit } from './bench/chart-split.mjs'
import { checkoutThroughput } from './bench/checkout.mjs'
import { ssrThroughput } from './bench/ssr.mjs'

const port = Number(process.env.BENCH_PORT ?? 3200)
const base = `http://127.0.0.1:${port}`
const pages = (process.env.BENCH_PAGES ?? '/,/offer/1,/news,/affiliate/dashboard').split(',')

if (!process.env.BENCH_SKIP_BUILD) {
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' })
  if (build.status !== 0) process.exit(build.status ?? 1)
}

const dataDir = '.data-test/bench'
rmSync(dataDir, { recursive: true, force: true })
const server = spawn(process.execPath, ['server.mjs'], {
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'ignore', 'inherit'],
})

async function waitForServer() {
  for (let i = 0; i < 120; i++) {
    try {
      const r = await fetch(`${base}/api/cms/links`)
      if (r.ok) return
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500))
  }
  throw new Error('server did not start')
}

/** Scripts a browser loads before the page is interactive: entry scripts and modulepreloads. */
async function firstLoadJs(path) {
  const html = await (await fetch(base + path)).text()
  const urls = new Set()
  for (const m of html.matchAll(/<script[^>]+src="([^"]+)"/g)) urls.add(m[1])
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) urls.add(m[1])
  for (const m of html.matchAll(/<link[^>]+href="([^"]+)"[^>]+rel="modulepreload"/g)) urls.add(m[1])
  for (const m of html.matchAll(/import\("([^"]+\.js)"\)/g)) urls.add(m[1])
  let raw = 0
  let gzip = 0
  const files = []
  for (const url of urls) {
    const body = Buffer.from(await (await fetch(new URL(url, base))).arrayBuffer())
    const gz = gzipSync(body, { level: 9 }).length
    raw += body.length
    gzip += gz
    files.push({ url, gzip: gz })
  }
  return { path, scripts: urls.size, rawKB: +(raw / 1024).toFixed(1), gzipKB: +(gzip / 1024).toFixed(1), files }
}

const results = { date: new Date().toISOString(), firstLoadJs: [] }
try {
  await waitForServer()
  for (const page of pages) results.firstLoadJs.push(await firstLoadJs(page))
  console.log('\nFirst-load JavaScript (gzip):')
  for (const r of results.firstLoadJs)
    console.log(`  ${r.path.padEnd(24)} ${String(r.gzipKB).padStart(7)} KB in ${r.scripts} files`)
  results.chart = chartSplit(results.firstLoadJs)
  if (!process.env.BENCH_SKIP_SSR) results.ssr = await ssrThroughput(base)
  // Checkout needs PostgreSQL: concurrency figures on the embedded database would mean little.
  const checkoutDb = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL
  if (checkoutDb && !process.env.BENCH_SKIP_CHECKOUT) results.checkout = await checkoutThroughput(checkoutDb, port + 1)
  mkdirSync('bench-results', { recursive: true })
  writeFileSync('bench-results/latest.json', JSON.stringify(results, null, 2))
} finally {
  server.kill('SIGTERM')
}

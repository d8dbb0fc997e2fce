// SSR throughput: autocannon against pages of the production build, side by side with a static
// server answering the same HTML bytes in the same run. The ratio SSR/static is the figure.
import autocannon from 'autocannon'
import { createServer } from 'node:http'

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50)
const DURATION = Number(process.env.BENCH_DURATION ?? 20)

/** autocannon on one URL: req/s, p99 ms, errors (and non-2xx), requests (also the topology test's). */
export function run(url, headers = {}, { connections = CONNECTIONS, duration = DURATION } = {}) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration, headers }, (error, result) => {
      if (error) reject(error)
      else
        resolve({
          rps: Math.round(result.requests.average),
          p99: result.latency.p99,
          errors: result.errors + result.non2xx,
          requests: result.requests.total,
        })
    })
  })
}

/** req/s, p99 and the server's CPU ms per request (from the bench probe) for one page. */
async function measured(app, path, headers) {
  const before = await app.probe()
  const result = await run(app.base + path, headers)
  const after = await app.probe()
  return { ...result, cpuMsPerRequest: +((after.cpuMs - before.cpuMs) / Math.max(1, result.requests)).toFixed(2) }
}

function staticServer(bodies) {
  const server = createServer((req, res) => {
    const body = bodies.get(req.url)
    if (!body) return res.writeHead(404).end()
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': body.length }).end(body)
  })
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)))
}

/** Each path rendered by the app and, in the same run, its bytes served by a bare static server. */
async function compare(app, paths, headers = {}) {
  const bodies = new Map()
  for (const path of paths) {
    bodies.set(path, Buffer.from(await (await fetch(app.base + path, { headers })).arrayBuffer()))
  }
  const stat = await staticServer(bodies)
  const staticBase = `http://127.0.0.1:${stat.address().port}`
  const rows = []
  try {
    for (const path of paths) {
      const ssr = await measured(app, path, headers)
      const st = await run(staticBase + path)
      // The header's sign-in button is the visitor's: a page rendered with it was not rendered signed in.
      const asVisitor = bodies.get(path).includes('data-testid="sign-in"')
      rows.push({ path, ssr, static: st, ratio: +(ssr.rps / st.rps).toFixed(3), asVisitor })
    }
  } finally {
    stat.close()
  }
  return rows
}

function print(r) {
  console.log(
    `  ${r.path.padEnd(36)} SSR ${String(r.ssr.rps).padStart(6)} req/s p99 ${String(r.ssr.p99).padStart(4)} ms ${String(r.ssr.cpuMsPerRequest).padStart(5)} CPU ms/req | static ${String(r.static.rps).padStart(6)} req/s p99 ${String(r.static.p99).padStart(4)} ms | ratio ${r.ratio}${r.ssr.errors ? ` (${r.ssr.errors} errors)` : ''}`,
  )
}

/** Anonymous pages: served from the HTML cache once warm. */
export async function ssrThroughput(app) {
  const latest = await (await fetch(`${app.base}/api/cms/articles/games/latest?locale=en&limit=1`)).json()
  const articlePath = Array.isArray(latest) && latest[0] ? `/articles/${latest[0].path}` : '/news'
  const rows = await compare(app, ['/', '/offer/1', articlePath])
  console.log(`\nAnonymous SSR (${CONNECTIONS} connections, ${DURATION} s each; static = same HTML bytes):`)
  for (const r of rows) print(r)
  return rows
}

/** Signed-in pages (never cached) beside the same bytes served statically. */
export async function signedInSsr(app, cookie) {
  const rows = await compare(app, ['/offer/1', '/'], { cookie })
  console.log(`\nSigned-in SSR on PostgreSQL (${CONNECTIONS} connections, ${DURATION} s each):`)
  for (const r of rows) print(r)
  // A build that leaves the viewer to the browser renders a signed-in request like a visitor's:
  // its figure is then not the cost of a signed-in render, and is marked so.
  if (rows.some((r) => r.asVisitor))
    console.log('  (rendered with the visitor header: this build does not read the session while rendering)')
  return rows
}

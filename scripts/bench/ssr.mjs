// SSR throughput: autocannon against pages of the production build, side by side with a static
// server answering the same HTML bytes in the same run. The ratio SSR/static is the figure.
import autocannon from 'autocannon'
import { createServer } from 'node:http'

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50)
const DURATION = Number(process.env.BENCH_DURATION ?? 20)

function run(url) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: DURATION }, (error, result) => {
      if (error) reject(error)
      else
        resolve({
          rps: Math.round(result.requests.average),
          p99: result.latency.p99,
          errors: result.errors + result.non2xx,
        })
    })
  })
}

function staticServer(bodies) {
  const server = createServer((req, res) => {
    const body = bodies.get(req.url)
    if (!body) return res.writeHead(404).end()
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': body.length }).end(body)
  })
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)))
}

export async function ssrThroughput(base) {
  const latest = await (await fetch(`${base}/api/cms/articles/games/latest?locale=en&limit=1`)).json()
  const articlePath = Array.isArray(latest) && latest[0] ? `/articles/${latest[0].path}` : '/news'
  const paths = ['/', '/offer/1', articlePath]
  const bodies = new Map()
  for (const path of paths) bodies.set(path, Buffer.from(await (await fetch(base + path)).arrayBuffer()))
  const server = await staticServer(bodies)
  const staticBase = `http://127.0.0.1:${server.address().port}`
  const rows = []
  try {
    for (const path of paths) {
      const ssr = await run(base + path)
      const stat = await run(staticBase + path)
      rows.push({ path, ssr, static: stat, ratio: +(ssr.rps / stat.rps).toFixed(3) })
    }
  } finally {
    server.close()
  }
  console.log(`\nSSR throughput (${CONNECTIONS} connections, ${DURATION} s each; static = same HTML bytes):`)
  for (const r of rows) {
    console.log(
      `  ${r.path.padEnd(36)} SSR ${String(r.ssr.rps).padStart(6)} req/s p99 ${String(r.ssr.p99).padStart(4)} ms | static ${String(r.static.rps).padStart(6)} req/s p99 ${String(r.static.p99).padStart(4)} ms | ratio ${r.ratio}${r.ssr.errors ? ` (${r.ssr.errors} errors)` : ''}`,
    )
  }
  return rows
}

// Production server: serves dist/client (hashed assets cached forever) and hands every other
// request to the TanStack Start fetch handler. Runs on the Node from node_modules/.bin (>= 22.12).
process.env.NODE_ENV ??= 'production'
import { serve } from 'srvx'
import { staticMiddleware } from 'srvx/static'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('.', import.meta.url))
let app
try {
  app = await import('./dist/server/server.js')
  app.checkConfig()
} catch (error) {
  if (!String(error?.message).startsWith('Invalid configuration')) throw error
  // One line per bad setting, no stack: this is the operator's mistake, not a crash.
  const message = error instanceof Error ? error.message : String(error)
  // As app.config.ts configErrorLines (the bundle may have failed before exporting it).
  const [head, ...issues] = message.split('\n').map((line) => line.trim())
  const settings = issues.filter(Boolean)
  console.error((settings.length > 0 ? settings.map((issue) => `${head} ${issue}`) : [head]).join('\n'))
  process.exit(1)
}
const banner = app.demoAccountsBanner()
if (banner) console.log(banner)

const assets = staticMiddleware({ dir: root + 'dist/client/assets', maxAge: 31536000, immutable: true })
const files = staticMiddleware({ dir: root + 'dist/client', maxAge: 3600 })

const server = serve({
  ...app.listenAddress(),
  silent: true,
  // Our own shutdown below: srvx's would close the listener at once and cut requests after 5 s.
  gracefulShutdown: false,
  middleware: [
    // Every request is timed by its route template; /metrics answers before the app (ADR 094).
    async (request, next) => {
      const started = performance.now()
      // Each request is one span when tracing is on (ADR 127).
      const response = await app.traceHttpRequest(request, async () =>
        new URL(request.url).pathname === '/metrics' ? app.metricsResponse(request) : next(),
      )
      app.recordHttpRequest(request, response.status, (performance.now() - started) / 1000)
      return response
    },
    (request, next) => {
      const { pathname } = new URL(request.url)
      if (pathname.startsWith('/assets/')) {
        // Strip the prefix so the immutable middleware maps /assets/x.js → dist/client/assets/x.js.
        return assets(new Request(new URL(pathname.slice('/assets'.length), request.url), request), next)
      }
      if (/\.[a-z0-9]+$/i.test(pathname) && !pathname.startsWith('/api/')) return files(request, next)
      return next()
    },
  ],
  fetch: (request) => app.default.fetch(request),
})

await server.ready()
// Keep idle connections open longer than clients and proxies do (Node's default is 5 s): a client
// that reuses a socket the server has just closed sees ECONNRESET (seen in CI on API requests).
if (server.node?.server) {
  server.node.server.keepAliveTimeout = 65_000
  server.node.server.headersTimeout = 66_000
}
console.log(`Storefront listening on ${server.url}`)
// The database is opened, migrated and seeded in the background, retried with backoff until it
// answers; meanwhile /healthz is 200, /readyz 503 with the reason, and pages a 503 page.
void app.start()

/**
 * SIGTERM (ADR 093): /readyz is 503 at once and the job worker claims nothing more; for
 * SHUTDOWN_DRAIN_MS everything is still served (each answer closing its connection) while the load
 * balancer takes this instance out; then the listener and the idle connections close, requests in
 * flight finish until SHUTDOWN_GRACE_MS (then they are cut), the worker finishes or hands back its
 * jobs, the pool closes and the process exits 0. A second signal exits at once.
 */
let stopping = false
const node = server.node?.server
// Requests answered while stopping close their connection: nothing is left idle for a proxy to
// reuse after the listener is gone (srvx writes the headers after this listener has run).
node?.on('request', (_req, res) => {
  if (stopping) res.shouldKeepAlive = false
})

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)))

async function stop(signal) {
  if (stopping) {
    console.log(`${signal} again: exiting now`)
    process.exit(1)
  }
  stopping = true
  const plan = app.beginShutdown()
  // Ctrl+C is someone at a terminal, not a load balancer waiting for /readyz: no drain.
  if (signal === 'SIGINT') plan.drainMs = 0
  console.log(
    `${signal}: shutting down (draining ${plan.drainMs} ms, done by ${new Date(plan.deadline).toISOString()})`,
  )
  await sleep(plan.drainMs)
  const closed = node ? new Promise((resolve) => node.close(() => resolve(true))) : Promise.resolve(true)
  const inTime = await Promise.race([closed, sleep(plan.deadline - Date.now()).then(() => false)])
  if (!inTime) {
    console.log('shutdown grace over: cutting the requests still running')
    node?.closeAllConnections()
  }
  await plan.jobsStopped
  await app.shutdown()
  process.exit(0)
}
process.on('SIGINT', () => void stop('SIGINT'))
process.on('SIGTERM', () => void stop('SIGTERM'))

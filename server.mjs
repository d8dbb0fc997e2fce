// Production server: serves dist/client (hashed assets cached forever) and hands every other
// request to the TanStack Start fetch handler. Runs on the Node from node_modules/.bin (>= 22.12).
process.env.NODE_ENV ??= 'production'
import { serve } from 'srvx'
import { staticMiddleware } from 'srvx/static'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('.', import.meta.url))
const app = await import('./dist/server/server.js')

await app.boot()
console.log(app.demoAccountsBanner())

const assets = staticMiddleware({ dir: root + 'dist/client/assets', maxAge: 31536000, immutable: true })
const files = staticMiddleware({ dir: root + 'dist/client', maxAge: 3600 })

const server = serve({
  port: Number(process.env.PORT ?? 3000),
  hostname: process.env.HOST ?? '0.0.0.0',
  silent: true,
  middleware: [
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
console.log(`Storefront listening on ${server.url}`)

let stopping = false
async function stop(signal) {
  if (stopping) return
  stopping = true
  console.log(`${signal}: shutting down`)
  await server.close().catch(() => {})
  await app.shutdown()
  process.exit(0)
}
process.on('SIGINT', () => void stop('SIGINT'))
process.on('SIGTERM', () => void stop('SIGTERM'))

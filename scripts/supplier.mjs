// `npm run supplier`: the sandbox supplier as its own HTTP service (docs/supplier-protocol.md) on
// SUPPLIER_SANDBOX_PORT (3011), signing with SUPPLIER_SECRET. Runs through the production build
// (built first when missing or stale). Started by `npm start` (scripts/start.mjs) as a child when
// SUPPLIER_URL is unset: it then reports its address over IPC and ends with its parent.
import { ensureBuilt } from './ensure-built.mjs'

ensureBuilt()
const app = await import('../dist/server/server.js')
let service
try {
  service = await app.runSupplierSandbox()
} catch (error) {
  if (error?.code !== 'EADDRINUSE' || !process.send) {
    console.error(error instanceof Error ? error.message.replace(/:\n\s+/, ': ') : String(error))
    process.exit(1)
  }
  // Beside `npm start`, a busy port (another shop's sandbox) is no reason to fail: take a free one.
  service = await app.runSupplierSandbox({ port: 0 })
}
process.send?.({ supplierUrl: service.url })
const stop = () => service.close().then(() => process.exit(0))
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
// Started by `npm start`: the shop's end (even a kill -9) closes the channel, and the sandbox goes too.
process.on('disconnect', stop)

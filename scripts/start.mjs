// `npm start`: build when the build is missing or older than the sources, then serve it. Without
// SUPPLIER_URL the sandbox supplier runs beside the shop as its own service (scripts/supplier.mjs,
// ADR 099), with a secret made for the pair, and the shop reaches it over HTTP like a real one.
import { fork } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { ensureBuilt } from './ensure-built.mjs'

ensureBuilt()
if (!process.env.SUPPLIER_URL) {
  process.env.SUPPLIER_SECRET ??= randomBytes(24).toString('base64url')
  const child = fork(new URL('./supplier.mjs', import.meta.url), { stdio: 'inherit' })
  const url = await new Promise((resolve, reject) => {
    child.once('message', (m) => resolve(m.supplierUrl))
    child.once('exit', (code) => reject(new Error(`the sandbox supplier exited (${code})`)))
  })
  child.removeAllListeners('exit')
  child.on('exit', (code, signal) => console.error(`The sandbox supplier stopped (${signal ?? code}).`))
  process.env.SUPPLIER_URL = url
}
await import('../server.mjs')

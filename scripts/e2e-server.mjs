// The server the browser journeys run against: the production build on a fresh embedded database.
import { rmSync } from 'node:fs'

const dir = process.env.DATA_DIR ?? '.data-test/e2e'
rmSync(dir, { recursive: true, force: true })
process.env.DATA_DIR = dir
await import('../server.mjs')

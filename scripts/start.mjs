// `npm start`: build when the build is missing or older than the sources, then serve it.
import { ensureBuilt } from './ensure-built.mjs'

ensureBuilt()
await import('../server.mjs')

// `npm run ops -- grant <support|admin> <email> | revoke <email> | list`: staff roles from the
// command line; `backup FILE` / `restore FILE [--clean]` on PostgreSQL (README "Backups"). Runs
// through the production build (built first when missing or stale, as `npm start` does). With the
// embedded database, run it while the server is stopped (one process per DATA_DIR).
import { ensureBuilt } from './ensure-built.mjs'

ensureBuilt()
const app = await import('../dist/server/server.js')
const { code, lines } = await app.runOpsCommand(process.argv.slice(2))
for (const line of lines) (code === 0 ? console.log : console.error)(line)
await app.shutdown?.()
process.exit(code)

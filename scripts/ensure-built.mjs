// Builds the storefront when dist/ is missing or older than the sources (npm start, npm run ops).
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

const built = 'dist/server/server.js'

function newestMtime(dir) {
  let newest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    const mtime = entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs
    if (mtime > newest) newest = mtime
  }
  return newest
}

export function ensureBuilt() {
  const sources = Math.max(newestMtime('src'), newestMtime('locales'), statSync('package-lock.json').mtimeMs)
  if (existsSync(built) && statSync(built).mtimeMs >= sources) return
  console.error('Building the storefront (first run or changed sources)…')
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', shell: false })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

/**
 * Server-function ids of the production build, by handler name, read from the manifest Start
 * writes into dist/server/server.js or one of its chunks (ids are 10 characters of a hash, ADR 072). For the suites
 * that call `/_serverFn/<id>` on the built server.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

let cached: Map<string, string> | undefined

/** Every server function of the build: `<name>_createServerFn_handler` → id. */
export function builtServerFunctions(): Map<string, string> {
  if (cached) return cached
  // The manifest sits in server.js or, when the bundler shares it, in one of its chunks.
  const dist = path.resolve(import.meta.dirname, '../../dist/server')
  const files = [
    path.join(dist, 'server.js'),
    ...readdirSync(path.join(dist, 'assets'))
      .filter((f) => f.endsWith('.js'))
      .map((f) => path.join(dist, 'assets', f)),
  ]
  cached = new Map()
  for (const file of files) {
    const bundle = readFileSync(file, 'utf8')
    if (!bundle.includes('functionName')) continue
    for (const m of bundle.matchAll(/"([\w-]+)":\s*\{\s*functionName:\s*"(\w+)"/g)) cached.set(m[2]!, m[1]!)
  }
  return cached
}

/** The id of the server function exported as `name` (throws if the build has none). */
export function serverFnId(name: string): string {
  const id = builtServerFunctions().get(`${name}_createServerFn_handler`)
  if (!id) throw new Error(`server function ${name} not found in the build`)
  return id
}

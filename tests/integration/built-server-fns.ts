/**
 * Server-function ids of the production build, by handler name, read from the manifest Start
 * writes into dist/server/server.js (ids are 10 characters of a hash, ADR 072). For the suites
 * that call `/_serverFn/<id>` on the built server.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'

let cached: Map<string, string> | undefined

/** Every server function of the build: `<name>_createServerFn_handler` → id. */
export function builtServerFunctions(): Map<string, string> {
  if (cached) return cached
  const bundle = readFileSync(path.resolve(import.meta.dirname, '../../dist/server/server.js'), 'utf8')
  cached = new Map(
    [...bundle.matchAll(/"([\w-]+)":\s*\{\s*functionName:\s*"(\w+)"/g)].map((m) => [m[2]!, m[1]!] as const),
  )
  return cached
}

/** The id of the server function exported as `name` (throws if the build has none). */
export function serverFnId(name: string): string {
  const id = builtServerFunctions().get(`${name}_createServerFn_handler`)
  if (!id) throw new Error(`server function ${name} not found in the build`)
  return id
}

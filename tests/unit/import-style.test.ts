/**
 * One import style in src (ADR 060): `./` inside a folder, `~/` for everything else under src;
 * only files outside src (the root's app.config, the message catalogues) by a relative path up.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, it } from 'vitest'

const SRC = path.resolve(import.meta.dirname, '../../src')

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name)
    if (e.isDirectory()) return sources(p)
    return /\.tsx?$/.test(e.name) && !e.name.endsWith('.gen.ts') ? [p] : []
  })
}

it('no source file under src imports another one under src through ../', () => {
  const offenders = sources(SRC).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*['"](\.\.\/[^'"]+)['"]/g)]
      .map((m) => m[1]!)
      .filter((spec) => path.resolve(path.dirname(file), spec).startsWith(SRC + path.sep))
      .map((spec) => `${path.relative(SRC, file)}: ${spec}`),
  )
  expect(offenders).toEqual([])
})

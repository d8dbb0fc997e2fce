/**
 * ADR 040: nothing skips silently. A suite that needs PostgreSQL goes through throwaway-db.ts's
 * `describeOnPostgres` / `describeOnEachDriver`, which name the skip and fail in CI; a raw
 * `skipIf` / `runIf` would leave it out of a green CI run without a word.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, it } from 'vitest'

const TESTS = path.resolve(import.meta.dirname, '..')

function testSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name)
    if (e.isDirectory()) return testSources(p)
    return /\.tsx?$/.test(e.name) ? [p] : []
  })
}

it('no test skips itself with a raw skipIf or runIf', () => {
  const self = path.resolve(import.meta.filename)
  const offenders = testSources(TESTS)
    .filter((file) => file !== self)
    .flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) => (/\.(skipIf|runIf)\s*\(/.test(line) ? [`${path.relative(TESTS, file)}:${i + 1}`] : [])),
    )
  expect(offenders).toEqual([])
})

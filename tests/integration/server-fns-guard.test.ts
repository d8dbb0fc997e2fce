/**
 * Issue 10, acceptance 3: every `*.functions.ts` module under src/modules belongs to exactly one
 * server-function table (SERVER_FN_FILES in server-fns.ts); each table's own first test then
 * fails when one of its modules exports a server function without a row.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { SERVER_FN_FILES } from './server-fns'

const MODULES = path.resolve(import.meta.dirname, '../../src/modules')

describe('the server-function tables', () => {
  it('claim every *.functions.ts file of src/modules exactly once', () => {
    const files = readdirSync(MODULES, { recursive: true, encoding: 'utf8' })
      .map((f) => f.split(path.sep).join('/'))
      .filter((f) => f.endsWith('.functions.ts'))
      .sort()
    const claimed = Object.values(SERVER_FN_FILES).flat().sort()
    expect(claimed).toEqual(files)
  })

  it.each(Object.entries(SERVER_FN_FILES))('%s exists and passes each of its modules to its table', (file, modules) => {
    const test = path.join(import.meta.dirname, file)
    expect(existsSync(test)).toBe(true)
    const source = readFileSync(test, 'utf8')
    for (const module of modules) expect(source).toContain(`'${module}':`)
  })
})

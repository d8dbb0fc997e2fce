/**
 * Every audit action the code writes has a label on the back office's audit page (issue 34): the
 * actions are read from the source (`action: '…'`, both sides of a ternary, the promoter status
 * moves' action argument; a template's static prefix must start some label), and the labels table
 * must name each one. Labels are translated in all six languages by the catalog tests.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { expect, it } from 'vitest'
import { AUDIT_ACTION_LABELS } from '../../src/modules/admin/components/audit-labels'

const SRC = path.resolve(__dirname, '../../src')

function serverFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name)
    if (statSync(file).isDirectory()) return serverFiles(file)
    return /\.server\.ts$/.test(name) || dir.includes(`${path.sep}app`) ? [file] : []
  })
}

const ACTION = /^[a-z_]+(\.[a-z_]+)+$/

function actionsInSource(): { literals: Set<string>; prefixes: Set<string> } {
  const literals = new Set<string>()
  const prefixes = new Set<string>()
  for (const file of serverFiles(SRC)) {
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      const audited = /\baction:\s*[^\s]/.test(line) || /\bmoveStatus\(/.test(line)
      if (!audited) continue
      for (const [, value] of line.matchAll(/'([^']+)'/g)) if (ACTION.test(value!)) literals.add(value!)
      for (const [, prefix] of line.matchAll(/action:\s*`([a-z_.]+)\$\{/g)) prefixes.add(prefix!)
    }
  }
  return { literals, prefixes }
}

it('reads the actions from the source (the scan itself works)', () => {
  const { literals, prefixes } = actionsInSource()
  expect(literals).toContain('order.refund')
  expect(literals).toContain('role.grant')
  expect(literals).toContain('promoter.suspend')
  expect(prefixes).toContain('withdrawal.')
  expect(literals.size).toBeGreaterThan(40)
})

it('labels every audit action the code writes', () => {
  const { literals, prefixes } = actionsInSource()
  const labelled = Object.keys(AUDIT_ACTION_LABELS)
  expect([...literals].filter((action) => !labelled.includes(action)).sort()).toEqual([])
  expect([...prefixes].filter((prefix) => !labelled.some((a) => a.startsWith(prefix))).sort()).toEqual([])
})

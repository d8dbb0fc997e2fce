/**
 * The floors of the code (ADR 085): dependency-cruiser checks the rules of .dependency-cruiser.cjs
 * over src (routes → modules → server; no module imports admin; orders ↛ payments; src/server
 * calls no use case; shared modules stay low; handlers go through the door; no file cycles), and
 * every server function and REST route reaches the request only through the door.
 */
import { execFileSync } from 'node:child_process'
import { readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '../..')

interface Violation {
  from: string
  to: string
  rule: { name: string }
}

function files(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)],
  )
}

describe('dependency rules', () => {
  it('holds every rule of .dependency-cruiser.cjs', { timeout: 240_000 }, () => {
    const out = execFileSync(
      path.join(root, 'node_modules/.bin/depcruise'),
      ['src', 'app.config.ts', '--config', '.dependency-cruiser.cjs', '--output-type', 'json'],
      { cwd: root, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
    )
    const result = JSON.parse(out) as { summary: { violations: Violation[]; totalCruised: number } }
    expect(result.summary.totalCruised).toBeGreaterThan(400)
    expect(result.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`)).toEqual([])
  })

  it('leaves the request to the door in every server function and REST route', () => {
    const handlers = [
      ...files('src/modules').filter((f) => f.endsWith('.functions.ts')),
      ...files('src/routes/api').filter((f) => f.endsWith('.ts')),
    ]
    expect(handlers.length).toBeGreaterThan(50)
    const asking = handlers.filter((f) =>
      /\b(getRequest\(|requireUser|requireStaff|requireAdmin|requirePromoter|currentCaller|currentSession\()/.test(
        readFileSync(path.join(root, f), 'utf8'),
      ),
    )
    expect(asking).toEqual([])
  })

  it('opens every server function through answer() or action()', () => {
    const bypassing = files('src/modules')
      .filter((f) => f.endsWith('.functions.ts'))
      .filter((f) => {
        const text = readFileSync(path.join(root, f), 'utf8')
        return text.match(/\.handler\(/g)?.length !== text.match(/\.handler\(\s*(answer|action)\(/g)?.length
      })
    expect(bypassing).toEqual([])
  })
})

/**
 * docs/decisions/README.md is the index of the architecture decision records: every page has its
 * line (number, title, status) and every line points at a page that exists.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, it } from 'vitest'

const DIR = path.resolve(import.meta.dirname, '../../docs/decisions')
const pages = readdirSync(DIR).filter((f) => /^\d{3}-.+\.md$/.test(f))
const index = readFileSync(path.join(DIR, 'README.md'), 'utf8')
const lines = [...index.matchAll(/^- \[(\d{3})\]\(([^)]+)\) (.+) — (.+)$/gm)]

it('lists every decision record, in number order', () => {
  const listed = lines.map((m) => m[2])
  const missing = pages.filter((page) => !listed.includes(page))
  expect(missing, 'add `- [NNN](NNN-….md) Title — status` to docs/decisions/README.md').toEqual([])
  expect(listed).toEqual([...listed].sort())
})

it('points only at pages that exist, each under its own number, with a status', () => {
  for (const [, number, file, , status] of lines) {
    expect(pages, `${file} (docs/decisions/README.md)`).toContain(file)
    expect(file!.slice(0, 3)).toBe(number)
    const page = readFileSync(path.join(DIR, file!), 'utf8')
    expect(page, file).toMatch(/^Status: \S/m)
    expect(status!.trim().length).toBeGreaterThan(0)
  }
})

it('gives every number up to 081 a page: no gap before the numbers handed out in ranges', () => {
  const numbers = new Set(pages.map((p) => Number(p.slice(0, 3))))
  const gaps = Array.from({ length: 81 }, (_, i) => i + 1).filter((n) => !numbers.has(n))
  expect(gaps).toEqual([])
})

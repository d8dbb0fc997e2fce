import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { LOCALES } from '../../src/modules/i18n/locales'

/** Reads msgid/msgstr pairs of a .po file (single-line and multi-line strings). */
function entries(locale: string, catalog: string): { id: string; str: string }[] {
  const text = readFileSync(`locales/${locale}/${catalog}.po`, 'utf8')
  const out: { id: string; str: string }[] = []
  for (const block of text.split(/\n\n+/)) {
    const id = /msgid ((?:".*"\n?)+)/.exec(block)?.[1]
    const str = /msgstr ((?:".*"\n?)+)/.exec(block)?.[1]
    if (id === undefined || str === undefined) continue
    const join = (s: string) =>
      s
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as string)
        .join('')
    if (join(id) === '') continue
    out.push({ id: join(id), str: join(str) })
  }
  return out
}

// The storefront's catalogue and the areas' (lingui.config.ts, ADR 062); game search's is small.
const SMALLEST: Record<string, number> = { search: 8 }

describe.each(['messages', 'admin', 'affiliate', 'account', 'search'])('translation catalog %s', (catalog) => {
  const source = entries('en', catalog)

  it('has source messages', () => {
    expect(source.length).toBeGreaterThan(SMALLEST[catalog] ?? 20)
  })

  for (const locale of LOCALES.filter((l) => l !== 'en')) {
    it(`${locale} translates every message`, () => {
      const translated = new Map(entries(locale, catalog).map((e) => [e.id, e.str]))
      const missing = source.filter((e) => !translated.get(e.id))
      expect(missing.map((m) => m.id)).toEqual([])
    })

    it(`${locale} keeps every placeholder`, () => {
      for (const { id, str } of entries(locale, catalog)) {
        // Arguments ({name}, {0, plural, …}: the name and the kind, not the translated forms) and tags.
        const placeholders = (s: string) =>
          (s.match(/\{\w+(?:, *\w+)?(?=[,}])|<\d+>|<\/\d+>/g) ?? []).map((p) => p.replace(/ /g, '')).sort()
        expect(placeholders(str), `${locale}: ${id}`).toEqual(placeholders(id))
      }
    })
  }
})

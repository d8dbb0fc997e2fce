import { readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * The shop speaks to German shoppers informally ("du") everywhere (issue 36: the player-fix box
 * mixed "Ihre" and "Korrigieren Sie" with "Dein Spielerkonto"). Formal possessives and formal
 * imperatives ("Korrigieren Sie", "versuchen Sie") are refused in the catalogues and the mail texts.
 */
const FORMAL = /\b(Ihr|Ihre|Ihrem|Ihren|Ihrer|Ihres|Ihnen)\b|\b[A-Za-zäöüß]+en Sie\b/

function germanCatalogueLines(): { where: string; text: string }[] {
  const dir = 'locales/de'
  return readdirSync(dir)
    .filter((f) => f.endsWith('.po'))
    .flatMap((f) =>
      readFileSync(path.join(dir, f), 'utf8')
        .split('\n')
        .map((line, i) => ({ where: `${dir}/${f}:${i + 1}`, text: line }))
        .filter((l) => l.text.startsWith('msgstr')),
    )
}

function germanMailLines(): { where: string; text: string }[] {
  const files = [
    'src/modules/orders/mail-text.ts',
    'src/modules/orders/support-mail.server.ts',
    'src/modules/privacy/privacy-mail.server.ts',
  ]
  return files.flatMap((file) => {
    const source = readFileSync(file, 'utf8')
    // The German block of each file's per-language table: from `de: {` to the next language key.
    const start = source.indexOf('de: {')
    const rest = source.slice(start)
    const end = rest.search(/\n\s{2}(ru|en|fr|pt|es): \{/)
    const block = end > 0 ? rest.slice(0, end) : rest
    return block.split('\n').map((text, i) => ({ where: `${file} (de) line ${i + 1}`, text }))
  })
}

describe('German is informal everywhere', () => {
  it('the message catalogues use "du"', () => {
    expect(germanCatalogueLines().filter((l) => FORMAL.test(l.text))).toEqual([])
  })

  it('the order and support mails use "du"', () => {
    const lines = germanMailLines()
    expect(lines.length).toBeGreaterThan(5)
    expect(lines.filter((l) => FORMAL.test(l.text))).toEqual([])
  })
})

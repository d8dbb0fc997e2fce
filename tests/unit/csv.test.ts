import { describe, expect, it } from 'vitest'
import { readCsv, toCsv } from '../../src/modules/csv/csv'
import { codesOfCsv } from '../../src/modules/catalog/code-inventory.server'

describe('CSV (one library for reading and writing)', () => {
  it('reads quoted fields whole: commas, quotes and line breaks inside quotes', () => {
    expect(readCsv('code,note\r\n"AB,CD","say ""hi"""\r\n"multi\nline",x\r\n')).toEqual([
      ['code', 'note'],
      ['AB,CD', 'say "hi"'],
      ['multi\nline', 'x'],
    ])
  })

  it('round-trips what it writes', () => {
    const rows = [
      ['a,b', 'c "d"', 'e\r\nf'],
      ['plain', '', 'ü ß ж'],
    ]
    expect(readCsv(toCsv(['x', 'y', 'z'], rows))).toEqual([['x', 'y', 'z'], ...rows])
  })

  it('neutralises spreadsheet formulas in text but not in numbers', () => {
    expect(toCsv(['a'], [['=SUM(A1)'], ['@cmd'], [-3]])).toBe('a\r\n"\'=SUM(A1)"\r\n"\'@cmd"\r\n-3\r\n')
  })

  it('game-code imports keep a code that holds a comma, and skip the header and empty lines', () => {
    expect(codesOfCsv('\uFEFFcode,batch\r\n"X1,Y1",b1\r\n\r\nZ2,b2\n')).toEqual(['X1,Y1', 'Z2'])
    expect(codesOfCsv('code;batch\nA1;b\nB2;b\n')).toEqual(['A1', 'B2'])
    expect(codesOfCsv('A1\tx\nB2\ty\n')).toEqual(['A1', 'B2'])
    expect(codesOfCsv('A1\nB2\n"C3"\n')).toEqual(['A1', 'B2', 'C3'])
  })
})

describe('CSV line ends', () => {
  it('ends every file, header-only or not, with exactly one CRLF', () => {
    expect(toCsv(['a', 'b'], [])).toBe('a,b\r\n')
    expect(toCsv(['a'], [['x']])).toBe('a\r\nx\r\n')
  })
})

/**
 * Reading and writing CSV, on the server and in the browser, through one library (Papa Parse,
 * ADR 091): RFC 4180 quoting, CRLF line ends, and quoted fields that hold commas, quotes or line
 * breaks read back whole. Client-safe; the browser loads it only when a file is exported.
 */
import Papa from 'papaparse'

export type CsvCell = string | number | null | undefined

/**
 * CSV text of a header and rows (CRLF after every line). A text cell that starts with =, +, -, @,
 * a tab or a carriage return is prefixed with ' and quoted, so a spreadsheet never runs it as a
 * formula (a campaign label, an audit entry); numbers are written as they are.
 */
export function toCsv(header: readonly string[], rows: readonly CsvCell[][]): string {
  const data = rows.map((row) => row.map((cell) => cell ?? ''))
  const text = Papa.unparse({ fields: [...header], data }, { newline: '\r\n', escapeFormulae: true, quotes: false })
  // Papa Parse ends a header-only file with a line break and a file with rows without one.
  return text.endsWith('\r\n') ? text : `${text}\r\n`
}

/** The rows of a CSV text (a leading byte-order mark and empty lines ignored; comma, semicolon or tab). */
export function readCsv(text: string): string[][] {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), {
    skipEmptyLines: 'greedy',
    delimitersToGuess: [',', ';', '\t'],
  })
  return parsed.data
}

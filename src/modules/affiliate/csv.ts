/** CSV for the dashboard export (client-safe, RFC 4180 with CRLF). */

/**
 * One field: quoted when it holds a comma, quote or line break; a leading =, +, - or @ is
 * prefixed with ' so a spreadsheet does not run a campaign label as a formula.
 */
function field(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'number') return String(value)
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(safe) || safe !== value ? `"${safe.replace(/"/g, '""')}"` : safe
}

export function toCsv(header: string[], rows: (string | number | null | undefined)[][]): string {
  return [header, ...rows].map((r) => r.map(field).join(',')).join('\r\n') + '\r\n'
}

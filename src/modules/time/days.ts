/** Calendar days in UTC, the one day the ledger, the stats and the reports agree on (client-safe). */
export const DAY_MS = 86_400_000
/** The same day in seconds (cookie Max-Age, cache lifetimes). */
export const DAY_SECONDS = DAY_MS / 1000

/** The UTC calendar day of `at` (YYYY-MM-DD). */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10)
}

/** The UTC day `days` after (or before, when negative) the day `day` (YYYY-MM-DD). */
export function addUtcDays(day: string, days: number): string {
  return utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS))
}

/** Whole days from `from` to `to` (YYYY-MM-DD each). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS)
}

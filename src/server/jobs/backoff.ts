/**
 * Retry delay after a failed attempt: exponential from 2 s, capped at 10 minutes, with "full
 * jitter" so many jobs failing together (a supplier outage) do not retry in lockstep.
 */
export const BACKOFF_BASE_MS = 2_000
export const BACKOFF_MAX_MS = 10 * 60_000

export function backoffMs(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempt - 1))
  // Never below half the ceiling: a retry should not come back instantly.
  return Math.round(ceiling / 2 + (random() * ceiling) / 2)
}

/**
 * Retry delays: exponential, capped, with jitter so many callers failing together (a supplier
 * outage) do not retry in lockstep. `backoffMs` is the job queue's (from 2 s, capped at 10 min);
 * `jitteredBackoffMs` the same curve with any base and cap (the supplier adapter's retries).
 */
export const BACKOFF_BASE_MS = 2_000
export const BACKOFF_MAX_MS = 10 * 60_000

/** Delay before retry number `attempt` (1 = the first retry): between half and all of base × 2^(attempt−1). */
export function jitteredBackoffMs(
  attempt: number,
  baseMs: number,
  maxMs: number,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1))
  // Never below half the ceiling: a retry should not come back instantly.
  return Math.round(ceiling / 2 + (random() * ceiling) / 2)
}

export function backoffMs(attempt: number, random: () => number = Math.random): number {
  return jitteredBackoffMs(attempt, BACKOFF_BASE_MS, BACKOFF_MAX_MS, random)
}

/**
 * The app's one source of business time: what day and hour it is for hold periods, attribution
 * windows, coupon validity, reports and the timestamps the app writes itself. Client-safe (no
 * imports). Tests replace it with setClock; with ALLOW_TEST_CLOCK, browser journeys shift it by
 * an offset kept in the database (test-clock.server.ts). Elapsed time (timeouts, cache ages, rate
 * limits, deadlines the database or the job queue enforce) stays on the real clock: ADR 061.
 */
let source: () => Date = () => new Date()
let offsetMs = 0

export function now(): Date {
  const at = source()
  return offsetMs === 0 ? at : new Date(at.getTime() + offsetMs)
}

/** Replaces the clock (tests only); call with no argument to go back to the system clock. */
export function setClock(next?: () => Date): void {
  source = next ?? (() => new Date())
}

/** Shifts now() by `ms` (the test clock only; 0 in production). */
export function setClockOffset(ms: number): void {
  offsetMs = ms
}

export function clockOffset(): number {
  return offsetMs
}

/**
 * The affiliate module's one source of "now". Hold periods and cookie windows are days long, so
 * tests move this clock instead of waiting; production never calls setClock. With
 * ALLOW_TEST_CLOCK, browser journeys shift it by an offset kept in the database (test-clock.server.ts).
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

/**
 * The affiliate module's one source of "now". Hold periods and cookie windows are days long, so
 * tests move this clock instead of waiting; production never calls setClock.
 */
let source: () => Date = () => new Date()

export function now(): Date {
  return source()
}

/** Replaces the clock (tests only); call with no argument to go back to the system clock. */
export function setClock(next?: () => Date): void {
  source = next ?? (() => new Date())
}

/**
 * A circuit breaker (ADR 100): after `failures` consecutive failed calls it opens, refusing calls
 * without sending them for `cooldownMs`; then it lets exactly one probe through (half-open). The
 * probe's success closes it, its failure opens it for another cool-down. One breaker per supplier
 * per process, shared by all of the instance's job workers, so an outage costs at most one call
 * per cool-down per instance. Time is monotonic (performance.now), not the shop's clock: it
 * measures real waiting, which a moved test clock must not shorten.
 */
export type BreakerState = 'closed' | 'open' | 'half_open'

export interface BreakerOptions {
  failures: number
  cooldownMs: number
  now?: () => number
  onChange?: (state: BreakerState) => void
}

export class CircuitBreaker {
  private consecutiveFailures = 0
  private openedAt = 0
  private probeStartedAt: number | undefined
  private current: BreakerState = 'closed'
  private readonly now: () => number

  constructor(private readonly options: BreakerOptions) {
    this.now = options.now ?? (() => performance.now())
  }

  get state(): BreakerState {
    return this.current
  }

  /** May a call go out now? In half-open state only the one probe may (until it is settled). */
  tryAcquire(): boolean {
    if (this.current === 'closed') return true
    const now = this.now()
    if (this.current === 'open') {
      if (now - this.openedAt < this.options.cooldownMs) return false
      this.set('half_open')
    }
    // A probe that never settled (its caller vanished) is given up after another cool-down.
    if (this.probeStartedAt !== undefined && now - this.probeStartedAt < this.options.cooldownMs) return false
    this.probeStartedAt = now
    return true
  }

  /** The call got an answer (any answer that is not a 5xx): the supplier is there. */
  succeeded(): void {
    this.consecutiveFailures = 0
    this.probeStartedAt = undefined
    this.set('closed')
  }

  /** The call timed out, could not connect or got a 5xx. */
  failed(): void {
    this.consecutiveFailures += 1
    this.probeStartedAt = undefined
    if (this.current === 'half_open' || this.consecutiveFailures >= this.options.failures) {
      this.openedAt = this.now()
      this.set('open')
    }
  }

  /** How long until a call may be tried again (0 when closed). */
  retryInMs(): number {
    if (this.current === 'closed') return 0
    const now = this.now()
    if (this.current === 'open') return Math.max(0, Math.ceil(this.openedAt + this.options.cooldownMs - now))
    // Half-open with a probe out: ask again shortly after it is expected to settle.
    return Math.min(this.options.cooldownMs, 2_000)
  }

  private set(state: BreakerState): void {
    if (state === this.current) return
    this.current = state
    this.options.onChange?.(state)
  }
}

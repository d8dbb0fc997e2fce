import { describe, expect, it } from 'vitest'
import { CircuitBreaker, type BreakerState } from '../../src/server/fulfilment/http/breaker'
import { jitteredBackoffMs } from '../../src/server/jobs/backoff'
import { NO_FAULTS, parseFaults } from '../../src/server/fulfilment/sandbox/service.server'

function breaker(failures = 3, cooldownMs = 10_000) {
  let now = 0
  const changes: BreakerState[] = []
  const b = new CircuitBreaker({ failures, cooldownMs, now: () => now, onChange: (s) => changes.push(s) })
  return { b, changes, advance: (ms: number) => (now += ms) }
}

describe('supplier circuit breaker', () => {
  it('opens after the configured number of consecutive failures, not before', () => {
    const { b, changes } = breaker(3)
    b.failed()
    b.failed()
    expect(b.state).toBe('closed')
    expect(b.tryAcquire()).toBe(true)
    b.failed()
    expect(b.state).toBe('open')
    expect(b.tryAcquire()).toBe(false)
    expect(changes).toEqual(['open'])
  })

  it('a success in between resets the count', () => {
    const { b } = breaker(3)
    b.failed()
    b.failed()
    b.succeeded()
    b.failed()
    b.failed()
    expect(b.state).toBe('closed')
  })

  it('lets exactly one probe through per cool-down while open', () => {
    const { b, advance } = breaker(1, 10_000)
    b.failed()
    let sent = 0
    // 20 workers asking every second for a minute: one probe per cool-down, each failing.
    for (let second = 0; second < 60; second++) {
      for (let worker = 0; worker < 20; worker++) {
        if (b.tryAcquire()) {
          sent++
          b.failed()
        }
      }
      advance(1_000)
    }
    expect(sent).toBe(5) // at 10, 20, 30, 40 and 50 s: one per 10 s cool-down, never one per worker
    expect(b.state).toBe('open')
  })

  it('half-open: the probe closes it on success; others are held while it is out', () => {
    const { b, advance, changes } = breaker(2, 5_000)
    b.failed()
    b.failed()
    expect(b.retryInMs()).toBe(5_000)
    advance(5_000)
    expect(b.tryAcquire()).toBe(true)
    expect(b.state).toBe('half_open')
    expect(b.tryAcquire()).toBe(false)
    b.succeeded()
    expect(b.state).toBe('closed')
    expect(b.tryAcquire()).toBe(true)
    expect(changes).toEqual(['open', 'half_open', 'closed'])
  })

  it('a failed probe opens it for a whole new cool-down', () => {
    const { b, advance } = breaker(1, 5_000)
    b.failed()
    advance(5_000)
    expect(b.tryAcquire()).toBe(true)
    b.failed()
    expect(b.state).toBe('open')
    advance(4_999)
    expect(b.tryAcquire()).toBe(false)
    advance(1)
    expect(b.tryAcquire()).toBe(true)
  })

  it('a probe that never settles is given up after another cool-down', () => {
    const { b, advance } = breaker(1, 5_000)
    b.failed()
    advance(5_000)
    expect(b.tryAcquire()).toBe(true)
    advance(4_000)
    expect(b.tryAcquire()).toBe(false)
    advance(1_000)
    expect(b.tryAcquire()).toBe(true)
  })
})

describe('retry backoff with jitter', () => {
  it('doubles per retry between half and all of the ceiling, capped', () => {
    expect(jitteredBackoffMs(1, 200, 5_000, () => 0)).toBe(100)
    expect(jitteredBackoffMs(1, 200, 5_000, () => 1)).toBe(200)
    expect(jitteredBackoffMs(2, 200, 5_000, () => 0)).toBe(200)
    expect(jitteredBackoffMs(3, 200, 5_000, () => 1)).toBe(800)
    expect(jitteredBackoffMs(20, 200, 5_000, () => 1)).toBe(5_000)
  })

  it('spreads callers that fail together', () => {
    const delays = new Set(Array.from({ length: 50 }, () => jitteredBackoffMs(4, 200, 5_000)))
    expect(delays.size).toBeGreaterThan(10)
    for (const d of delays) expect(d).toBeGreaterThanOrEqual(800)
  })
})

describe('sandbox supplier fault modes', () => {
  it('parses SUPPLIER_SANDBOX_FAULTS and refuses unknown ones', () => {
    expect(parseFaults('')).toEqual(NO_FAULTS)
    expect(parseFaults('latency=800, error5xx=0.2,timeout=0.05,drop=1,duplicate=1,down')).toEqual({
      latencyMs: 800,
      error5xx: 0.2,
      timeout: 0.05,
      drop: 1,
      duplicate: 1,
      down: true,
    })
    expect(() => parseFaults('slow=1')).toThrow(/bad fault/)
    expect(() => parseFaults('error5xx=-1')).toThrow(/bad fault/)
  })
})

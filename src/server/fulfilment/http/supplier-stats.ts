/**
 * This instance's supplier calls of the last hour, for the admin dashboard: p95 latency and error
 * rate per supplier (the Prometheus histogram covers every instance; this is what one instance
 * saw, enough to tell an operator whether the supplier is slow or failing right now).
 */
import type { SupplierOutcome } from '~/server/metrics'

const HOUR_MS = 60 * 60_000
const MAX_CALLS = 50_000

interface Call {
  at: number
  outcome: SupplierOutcome
  seconds: number
}

const calls = new Map<string, Call[]>()

export function recordSupplierCall(supplier: string, outcome: SupplierOutcome, seconds: number): void {
  let list = calls.get(supplier)
  if (!list) calls.set(supplier, (list = []))
  list.push({ at: Date.now(), outcome, seconds })
  if (list.length > MAX_CALLS) list.splice(0, list.length - MAX_CALLS)
}

export interface SupplierCallStats {
  supplier: string
  /** Calls that reached the supplier (held back by the breaker not counted). */
  calls: number
  /** Share of them that timed out, failed to connect or got a 5xx (0–1). */
  errorRate: number
  /** 95th percentile of their duration in milliseconds (null without calls). */
  p95Ms: number | null
  /** Calls the open breaker held back. */
  heldBack: number
}

export function supplierCallStats(): SupplierCallStats[] {
  const since = Date.now() - HOUR_MS
  return [...calls].map(([supplier, list]) => {
    const first = list.findIndex((c) => c.at >= since)
    if (first !== 0) list.splice(0, first === -1 ? list.length : first)
    const sent = list.filter((c) => c.outcome !== 'breaker_open')
    const errors = sent.filter((c) => c.outcome === 'error' || c.outcome === 'timeout').length
    const durations = sent.map((c) => c.seconds * 1000).sort((a, b) => a - b)
    const p95 = durations.length
      ? durations[Math.min(durations.length - 1, Math.ceil(durations.length * 0.95) - 1)]!
      : null
    return {
      supplier,
      calls: sent.length,
      errorRate: sent.length ? errors / sent.length : 0,
      p95Ms: p95 === null ? null : Math.round(p95),
      heldBack: list.length - sent.length,
    }
  })
}

/**
 * One-line recorders for the places where things happen (ADR 094). Each takes plain values, so
 * callers in any module record without knowing prom-client.
 */
import {
  htmlCacheRequests,
  orderStatusChanges,
  payments,
  supplierBalanceLow,
  supplierBreakerOpen,
  supplierRequestDuration,
  supplierRequests,
  webhookLag,
} from './registry'

/** A committed order status change (call it after commit: afterCommit). */
export function orderStatusChanged(from: string, to: string): void {
  orderStatusChanges.inc({ from, to })
}

/** A payment attempt reached an outcome: succeeded, failed or cancelled. */
export function paymentSettled(provider: string, method: string, outcome: string): void {
  payments.inc({ provider, method, outcome })
}

/** A provider's webhook event was applied; `createdAt` is when the provider says it created it. */
export function webhookApplied(provider: string, createdAt: Date | string | number): void {
  const created = new Date(createdAt).getTime()
  if (Number.isFinite(created)) webhookLag.observe({ provider }, Math.max(0, (Date.now() - created) / 1000))
}

export type SupplierOutcome = 'ok' | 'refused' | 'error' | 'timeout' | 'breaker_open'

/** One request to a supplier (each HTTP attempt, retries included) and how long it took. */
export function supplierRequest(supplier: string, outcome: SupplierOutcome, seconds: number): void {
  supplierRequests.inc({ supplier, outcome })
  supplierRequestDuration.observe({ supplier, outcome }, seconds)
}

/** Times `call` as one supplier request; `outcomeOf` classifies its answer, a throw is 'error'. */
export async function measureSupplierCall<T>(
  supplier: string,
  call: () => Promise<T>,
  outcomeOf: (answer: T) => SupplierOutcome,
): Promise<T> {
  const started = performance.now()
  try {
    const answer = await call()
    supplierRequest(supplier, outcomeOf(answer), (performance.now() - started) / 1000)
    return answer
  } catch (error) {
    supplierRequest(supplier, 'error', (performance.now() - started) / 1000)
    throw error
  }
}

export function supplierBreakerChanged(supplier: string, open: boolean): void {
  supplierBreakerOpen.set({ supplier }, open ? 1 : 0)
}

export function supplierBalanceRead(supplier: string, currency: string, low: boolean): void {
  supplierBalanceLow.set({ supplier, currency }, low ? 1 : 0)
}

/** The shop's HTML cache answered: a fresh hit, a stale hit (refreshing), or a render. */
export function htmlCacheServed(state: 'hit' | 'stale' | 'miss' | 'coalesced'): void {
  htmlCacheRequests.inc({ result: state === 'coalesced' ? 'miss' : state })
}

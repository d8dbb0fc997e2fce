/**
 * The supplier over HTTP (docs/supplier-protocol.md, ADR 099/100): the adapter of the Supplier
 * port that production uses. Each call has a timeout; timeouts, connection errors and 5xx are
 * retried with exponential backoff and jitter (the same reference, so a retried top-up is never
 * two top-ups); a circuit breaker per supplier, shared by the process's workers, stops calling a
 * supplier that keeps failing. While it does not answer, a delivery is 'waiting' (the order waits,
 * it is not refunded) and the job asks again after the breaker's cool-down.
 */
import type {
  CallbackReading,
  DeliveryWait,
  Supplier,
  TopUpDelivery,
  TopUpRequest,
} from '~/modules/fulfilment/supplier'
import { supplierBreakerChanged, supplierRequest, type SupplierOutcome } from '~/server/metrics'
import { jitteredBackoffMs } from '~/server/jobs/backoff'
import { signPayload, verifySignature } from '~/server/http/signature'
import { log } from '~/server/log'
import {
  REFUSAL_MEANING,
  SUPPLIER_SIGNATURE_HEADER,
  SUPPLIER_TIMESTAMP_HEADER,
  balanceSchema,
  callbackSchema,
  topUpStateSchema,
  type SupplierBalance,
  type TopUpRequestBody,
  type TopUpState,
} from '~/server/fulfilment/protocol'
import { CircuitBreaker } from './breaker'
import { recordSupplierCall } from './supplier-stats'
import { SpanKind, traced } from '~/server/tracing'

export interface HttpSupplierOptions {
  name: string
  /** The supplier's base URL (…/v1/… is appended). */
  url: string
  secret: string
  /** Where the supplier sends its callbacks for this shop. */
  callbackUrl?: string
  timeoutMs: number
  retries: number
  retryBaseMs: number
  breaker: CircuitBreaker
  /** The player check: protocol v1 has none, so the caller supplies the catalogue's rules. */
  checkPlayer: Supplier['checkPlayer']
}

/** Wait this long after an insufficient_balance refusal before asking again. */
export const INSUFFICIENT_BALANCE_RETRY_MS = 60_000

type CallResult = { kind: 'answer'; status: number; body: unknown } | { kind: 'unavailable'; retryAfterMs: number }

class TransientFailure extends Error {
  constructor(
    message: string,
    readonly outcome: SupplierOutcome,
  ) {
    super(message)
  }
}

export interface HttpSupplier extends Supplier {
  balance(): Promise<SupplierBalance | undefined>
  readCallback(headers: Headers, rawBody: string): CallbackReading
}

export function createHttpSupplier(options: HttpSupplierOptions): HttpSupplier {
  const { name, breaker } = options
  const base = options.url.replace(/\/+$/, '')
  /** References this process was told are pending: asked for again by polling their status. */
  const pending = new Set<string>()

  async function attempt(
    method: 'GET' | 'POST',
    path: string,
    raw: string,
  ): Promise<{ status: number; body: unknown }> {
    const timestamp = Math.floor(Date.now() / 1000)
    const started = performance.now()
    let outcome: SupplierOutcome = 'error'
    try {
      const response = await fetch(`${base}${path}`, {
        method,
        body: method === 'POST' ? raw : undefined,
        headers: {
          'content-type': 'application/json',
          [SUPPLIER_TIMESTAMP_HEADER]: String(timestamp),
          [SUPPLIER_SIGNATURE_HEADER]: signPayload(options.secret, timestamp, raw),
        },
        signal: AbortSignal.timeout(options.timeoutMs),
      })
      const text = await response.text()
      if (response.status >= 500) throw new TransientFailure(`supplier answered ${response.status}`, 'error')
      outcome = response.status < 300 ? 'ok' : 'refused'
      return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined }
    } catch (error) {
      if (error instanceof TransientFailure) throw error
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')
      outcome = timedOut ? 'timeout' : 'error'
      throw new TransientFailure(error instanceof Error ? error.message : String(error), outcome)
    } finally {
      const seconds = (performance.now() - started) / 1000
      supplierRequest(name, outcome, seconds)
      recordSupplierCall(name, outcome, seconds)
    }
  }

  /** One call with its retries, through the breaker. Non-5xx answers are returned, whatever they say. */
  async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<CallResult> {
    const raw = body === undefined ? '' : JSON.stringify(body)
    for (let retry = 0; ; retry++) {
      if (!breaker.tryAcquire()) {
        supplierRequest(name, 'breaker_open', 0)
        recordSupplierCall(name, 'breaker_open', 0)
        return { kind: 'unavailable', retryAfterMs: waitAfterOutage() }
      }
      try {
        const answer = await traced(
          `supplier ${name} ${method} ${path.replace(/^\/v1\/topups\/.+$/, '/v1/topups/{reference}')}`,
          { 'supplier.name': name, 'supplier.retry': retry },
          () => attempt(method, path, raw),
          SpanKind.CLIENT,
        )
        breaker.succeeded()
        return { kind: 'answer', ...answer }
      } catch (error) {
        breaker.failed()
        const last = retry >= options.retries || breaker.state === 'open'
        log.warn(
          { supplier: name, path, retry, outcome: (error as TransientFailure).outcome, err: error },
          'supplier call failed',
        )
        if (last) return { kind: 'unavailable', retryAfterMs: waitAfterOutage() }
        await new Promise((resolve) =>
          setTimeout(resolve, jitteredBackoffMs(retry + 1, options.retryBaseMs, options.timeoutMs)),
        )
      }
    }
  }

  /** When a job should ask again: after the cool-down (if open), plus jitter so jobs spread out. */
  function waitAfterOutage(): number {
    return Math.round(Math.max(breaker.retryInMs(), 1_000) + Math.random() * 1_000)
  }

  function waiting(reason: DeliveryWait, retryAfterMs: number): TopUpDelivery {
    return { status: 'waiting', reason, retryAfterMs }
  }

  function unexpected(path: string, status: number, body: unknown): Error {
    return new Error(`supplier ${name}: unexpected answer ${status} to ${path}: ${JSON.stringify(body).slice(0, 300)}`)
  }

  function delivery(state: TopUpState): TopUpDelivery {
    if (state.status === 'pending') {
      pending.add(state.reference)
      return { status: 'pending', transactionId: state.supplierReference }
    }
    pending.delete(state.reference)
    if (state.status === 'delivered') return { status: 'delivered', transactionId: state.supplierReference }
    if (!state.code || state.code === 'insufficient_balance')
      return waiting('insufficient_balance', INSUFFICIENT_BALANCE_RETRY_MS)
    return { status: 'failed', transactionId: state.supplierReference, code: REFUSAL_MEANING[state.code] }
  }

  async function post(request: TopUpRequest): Promise<TopUpDelivery> {
    const body: TopUpRequestBody = {
      reference: request.idempotencyKey,
      game: request.gameSlug,
      sku: request.skuCode,
      units: request.units,
      player: { id: request.playerId, ...(request.server ? { server: request.server } : {}) },
      ...(options.callbackUrl ? { callbackUrl: options.callbackUrl } : {}),
    }
    const result = await call('POST', '/v1/topups', body)
    if (result.kind === 'unavailable') return waiting('supplier_unavailable', result.retryAfterMs)
    const state = topUpStateSchema.safeParse(result.body)
    if ((result.status === 200 || result.status === 202 || result.status === 422) && state.success)
      return delivery(state.data)
    throw unexpected('/v1/topups', result.status, result.body)
  }

  return {
    checkPlayer: options.checkPlayer,

    async deliverTopUp(request) {
      const reference = request.idempotencyKey
      // Known pending here: poll its status. Otherwise (first ask, or after a restart) POST: the
      // reference makes a repeated POST answer the first top-up's state, never a second top-up.
      if (!pending.has(reference)) return post(request)
      const path = `/v1/topups/${encodeURIComponent(reference)}`
      const result = await call('GET', path)
      if (result.kind === 'unavailable') return waiting('supplier_unavailable', result.retryAfterMs)
      if (result.status === 404) {
        pending.delete(reference)
        return post(request)
      }
      const state = topUpStateSchema.safeParse(result.body)
      if (result.status === 200 && state.success) return delivery(state.data)
      throw unexpected(path, result.status, result.body)
    },

    async balance() {
      const result = await call('GET', '/v1/balance')
      if (result.kind === 'unavailable') return undefined
      const parsed = balanceSchema.safeParse(result.body)
      if (result.status !== 200 || !parsed.success) throw unexpected('/v1/balance', result.status, result.body)
      return parsed.data.balances
    },

    readCallback(headers, rawBody) {
      const check = verifySignature(
        options.secret,
        { timestamp: headers.get(SUPPLIER_TIMESTAMP_HEADER), signature: headers.get(SUPPLIER_SIGNATURE_HEADER) },
        rawBody,
      )
      if (!check.ok) return check
      let parsed: unknown
      try {
        parsed = JSON.parse(rawBody)
      } catch {
        return { ok: false, reason: 'malformed' }
      }
      const callback = callbackSchema.safeParse(parsed)
      return callback.success ? { ok: true, callback: callback.data } : { ok: false, reason: 'malformed' }
    },
  }
}

/** One breaker per supplier name in this process, shared by every worker (and every adapter made). */
const breakers = new Map<string, CircuitBreaker>()

export function breakerFor(name: string, failures: number, cooldownMs: number): CircuitBreaker {
  let breaker = breakers.get(name)
  if (!breaker) {
    breaker = new CircuitBreaker({
      failures,
      cooldownMs,
      onChange: (state) => {
        supplierBreakerChanged(name, state !== 'closed')
        log.warn({ supplier: name, state }, 'supplier breaker changed')
      },
    })
    breakers.set(name, breaker)
  }
  return breaker
}

/** The breakers of this process by supplier (the dashboard shows their states). */
export function supplierBreakers(): ReadonlyMap<string, CircuitBreaker> {
  return breakers
}

/** Tests only: forget every breaker (each test starts with closed ones). */
export function resetSupplierBreakers(): void {
  breakers.clear()
}

/**
 * Every call to a payment provider goes through here: timed and logged as one line with the
 * provider's request id (what their support asks for), the status and the duration. Never the
 * body or the headers: no keys, and no card data (which never reaches us anyway).
 */
import { log } from '~/server/log'
import { SpanKind, traced } from '~/server/tracing'

export interface CallFacts {
  /** The provider's id of this request (Stripe `Request-Id`, PayPal `Paypal-Debug-Id`). */
  requestId?: string
  /** HTTP status, when an answer came back. */
  status?: number
}

export async function providerCall<T>(
  provider: string,
  operation: string,
  call: () => Promise<T>,
  facts: { ok: (result: T) => CallFacts; failed: (err: unknown) => CallFacts & { code?: string } },
): Promise<T> {
  const started = performance.now()
  const durationMs = () => Math.round(performance.now() - started)
  try {
    const result = await traced(
      `payment provider ${provider} ${operation}`,
      { 'payment.provider': provider, 'payment.operation': operation },
      call,
      SpanKind.CLIENT,
    )
    log.info({ provider, operation, ...facts.ok(result), durationMs: durationMs() }, 'payment provider call')
    return result
  } catch (err) {
    log.warn({ provider, operation, ...facts.failed(err), durationMs: durationMs() }, 'payment provider call failed')
    throw err
  }
}

/**
 * The one Stripe SDK instance for the current configuration. STRIPE_API_URL moves the SDK's own
 * host/port/protocol settings (tests: a local stand-in of Stripe's API); the SDK retries timeouts,
 * connection errors, 409 and 5xx itself, with the same Idempotency-Key.
 */
import { Stripe } from 'stripe'
import { config } from '../../../../app.config'
import { providerCall, type CallFacts } from '~/server/payments/provider-call'

export const STRIPE_GATEWAY = 'stripe'
/** Retries the SDK makes after a timeout, a dropped connection, a 409 or a 5xx (with backoff). */
const NETWORK_RETRIES = 2

let cached: { key: string; client: Stripe } | undefined

export function stripeClient(): Stripe {
  const c = config()
  if (!c.STRIPE_SECRET_KEY) throw new Error('STRIPE_SECRET_KEY is not set')
  const key = `${c.STRIPE_SECRET_KEY}|${c.STRIPE_API_URL ?? ''}|${c.PAYMENT_PROVIDER_TIMEOUT_MS}`
  if (cached?.key === key) return cached.client
  const api = c.STRIPE_API_URL ? new URL(c.STRIPE_API_URL) : undefined
  const client = new Stripe(c.STRIPE_SECRET_KEY, {
    maxNetworkRetries: NETWORK_RETRIES,
    timeout: c.PAYMENT_PROVIDER_TIMEOUT_MS,
    telemetry: false,
    appInfo: { name: 'topup-hub' },
    ...(api
      ? {
          host: api.hostname,
          port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)),
          protocol: api.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  })
  cached = { key, client }
  return client
}

/** One logged Stripe call (provider-call.ts): the request id comes from the answer or the error. */
export function stripeCall<T>(operation: string, call: () => Promise<T>): Promise<T> {
  return providerCall('stripe', operation, call, {
    ok: (result) => ({ requestId: (result as { lastResponse?: { requestId?: string } }).lastResponse?.requestId }),
    failed: (err): CallFacts & { code?: string } =>
      err instanceof Stripe.errors.StripeError
        ? { requestId: err.requestId, status: err.statusCode, code: err.code ?? err.type }
        : { code: 'error' },
  })
}

/** Timeouts, dropped connections, rate limits and Stripe's own 5xx: worth asking again later. */
export function isStripeUnavailable(err: unknown): boolean {
  if (!(err instanceof Stripe.errors.StripeError)) return false
  return (
    err instanceof Stripe.errors.StripeConnectionError ||
    err instanceof Stripe.errors.StripeAPIError ||
    err instanceof Stripe.errors.StripeRateLimitError ||
    (err.statusCode ?? 0) >= 500
  )
}

/**
 * The official PayPal SDK for the current configuration. Its base URL is fixed per environment
 * (Sandbox / Production, see the SDK's getBaseUri), so PAYPAL_API_URL (tests: a stand-in of
 * PayPal's API) moves every request through the SDK's own request interceptor: the same client,
 * OAuth token flow and schemas, another host (ADR 104). POSTs carry PayPal-Request-Id, so the SDK
 * may retry them like GETs.
 */
import { ApiError, Client, Environment, OrdersController, PaymentsController } from '@paypal/paypal-server-sdk'
import { config } from '../../../../app.config'
import { providerCall } from '~/server/payments/provider-call'

export const PAYPAL_GATEWAY = 'paypal'

type RequestBuilderFactory = ReturnType<Client['getRequestBuilderFactory']>

/** A Client whose requests go to `base` instead of PayPal's host (set before the SDK's constructor runs). */
function clientAt(base: string | undefined, options: ConstructorParameters<typeof Client>[0]): Client {
  class Rebased extends Client {
    override getRequestBuilderFactory(): RequestBuilderFactory {
      const factory = super.getRequestBuilderFactory()
      if (!base) return factory
      return (...args: Parameters<RequestBuilderFactory>) => {
        const builder = factory(...args)
        builder.interceptRequest((request) => ({
          ...request,
          url: request.url.replace(/^https:\/\/api-m(\.sandbox)?\.paypal\.com/, base),
        }))
        return builder
      }
    }
  }
  return new Rebased(options)
}

interface PayPalApi {
  client: Client
  orders: OrdersController
  payments: PaymentsController
}

let cached: { key: string; api: PayPalApi } | undefined

export function paypalApi(): PayPalApi {
  const c = config()
  if (!c.PAYPAL_CLIENT_ID || !c.PAYPAL_CLIENT_SECRET)
    throw new Error('PAYPAL_CLIENT_ID / PAYPAL_CLIENT_SECRET are not set')
  const key = `${c.PAYPAL_CLIENT_ID}|${c.PAYPAL_MODE}|${c.PAYPAL_API_URL ?? ''}|${c.PAYMENT_PROVIDER_TIMEOUT_MS}`
  if (cached?.key === key) return cached.api
  const client = clientAt(c.PAYPAL_API_URL?.replace(/\/$/, ''), {
    environment: c.PAYPAL_MODE === 'live' ? Environment.Production : Environment.Sandbox,
    timeout: c.PAYMENT_PROVIDER_TIMEOUT_MS,
    clientCredentialsAuthCredentials: {
      oAuthClientId: c.PAYPAL_CLIENT_ID,
      oAuthClientSecret: c.PAYPAL_CLIENT_SECRET,
    },
    httpClientOptions: {
      timeout: c.PAYMENT_PROVIDER_TIMEOUT_MS,
      retryConfig: {
        maxNumberOfRetries: 2,
        retryOnTimeout: true,
        retryInterval: 0.5,
        // Seconds all retries of one call may wait in total (the SDK's default, 0, allows none).
        maximumRetryWaitTime: 10,
        backoffFactor: 2,
        httpMethodsToRetry: ['GET', 'POST'],
      },
    },
  })
  const api = { client, orders: new OrdersController(client), payments: new PaymentsController(client) }
  cached = { key, api }
  return api
}

/** One logged PayPal call (provider-call.ts), with PayPal's debug id as the request id. */
export function paypalCall<T extends { statusCode: number; headers: Record<string, string> }>(
  operation: string,
  call: () => Promise<T>,
): Promise<T> {
  return providerCall('paypal', operation, call, {
    ok: (response) => ({ requestId: response.headers['paypal-debug-id'], status: response.statusCode }),
    failed: (err) =>
      err instanceof ApiError
        ? { requestId: err.headers?.['paypal-debug-id'], status: err.statusCode, code: issueOf(err) }
        : { code: err instanceof Error ? err.name : 'error' },
  })
}

/** PayPal's error name or first issue (`ORDER_NOT_APPROVED`, `REFUND_AMOUNT_EXCEEDED`...). */
export function issueOf(err: ApiError): string {
  const result = (err.result ?? parseBody(err.body)) as { name?: string; details?: { issue?: string }[] } | undefined
  return result?.details?.[0]?.issue ?? result?.name ?? `http_${err.statusCode}`
}

function parseBody(body: unknown): unknown {
  if (typeof body !== 'string') return undefined
  try {
    return JSON.parse(body)
  } catch {
    return undefined
  }
}

/** Timeouts, connection errors, 429 and PayPal's 5xx: worth asking again (same PayPal-Request-Id). */
export function isPayPalUnavailable(err: unknown): boolean {
  if (err instanceof ApiError) return err.statusCode >= 500 || err.statusCode === 429
  return true
}

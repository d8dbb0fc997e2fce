/**
 * Optional tracing (issue 33, ADR 127): with `OTEL_EXPORTER_OTLP_ENDPOINT` set, spans for every
 * request, server function, database query and payment-provider or supplier call go to that OTLP
 * collector (HTTP/JSON, `/v1/traces`). Unset, the SDK is never loaded and `traced` only runs its
 * function: the one static import is the small OpenTelemetry API.
 */
import { SpanKind, SpanStatusCode, trace, type Attributes } from '@opentelemetry/api'
import { log } from '~/server/log'

const TRACER = 'game-topup-storefront'
let flush: (() => Promise<void>) | undefined

/** Whether spans are being recorded (a collector is configured and the SDK started). */
export function tracingEnabled(): boolean {
  return flush !== undefined
}

/** Starts the SDK once, exporting to `endpoint` (the collector's base URL) as `serviceName`. */
export async function startTracing(endpoint: string, serviceName: string): Promise<void> {
  if (flush) return
  const [{ NodeTracerProvider, BatchSpanProcessor }, { OTLPTraceExporter }, { resourceFromAttributes }] =
    await Promise.all([
      import('@opentelemetry/sdk-trace-node'),
      import('@opentelemetry/exporter-trace-otlp-http'),
      import('@opentelemetry/resources'),
    ])
  const exporter = new OTLPTraceExporter({ url: `${endpoint.replace(/\/$/, '')}/v1/traces` })
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': serviceName }),
    spanProcessors: [new BatchSpanProcessor(exporter, { scheduledDelayMillis: 1000 })],
  })
  provider.register()
  flush = () => provider.forceFlush()
  log.info({ endpoint, serviceName }, 'tracing on')
}

/** Sends the spans still buffered (at shutdown, and in tests). */
export async function flushTracing(): Promise<void> {
  await flush?.()
}

/**
 * Runs `run` inside a span named `name` (a child of the current one), recording a thrown error as
 * the span's error. Without tracing it is just `run()`.
 */
export async function traced<T>(
  name: string,
  attributes: Attributes,
  run: () => Promise<T>,
  kind: SpanKind = SpanKind.INTERNAL,
): Promise<T> {
  if (!flush) return run()
  return trace.getTracer(TRACER).startActiveSpan(name, { kind, attributes }, async (span) => {
    try {
      return await run()
    } catch (error) {
      span.recordException(error instanceof Error ? error : String(error))
      span.setStatus({ code: SpanStatusCode.ERROR })
      throw error
    } finally {
      span.end()
    }
  })
}

/** The request's span: server kind, its status code set from the answer. */
export async function tracedRequest(request: Request, route: string, run: () => Promise<Response>): Promise<Response> {
  if (!flush) return run()
  return trace
    .getTracer(TRACER)
    .startActiveSpan(
      `${request.method} ${route}`,
      { kind: SpanKind.SERVER, attributes: { 'http.request.method': request.method, 'http.route': route } },
      async (span) => {
        try {
          const response = await run()
          span.setAttribute('http.response.status_code', response.status)
          if (response.status >= 500) span.setStatus({ code: SpanStatusCode.ERROR })
          return response
        } catch (error) {
          span.recordException(error instanceof Error ? error : String(error))
          span.setStatus({ code: SpanStatusCode.ERROR })
          throw error
        } finally {
          span.end()
        }
      },
    )
}

export { SpanKind }

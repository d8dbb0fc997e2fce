/**
 * A stand-in for an OpenTelemetry collector's OTLP/HTTP trace receiver (`POST /v1/traces`, JSON
 * encoding, per the OTLP specification): it keeps every span it is sent, flattened with its
 * service name, for the tests to look at.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface ReceivedSpan {
  service: string
  name: string
  kind: number
  traceId: string
  spanId: string
  parentSpanId?: string
  attributes: Record<string, string | number | boolean | undefined>
}

interface OtlpValue {
  stringValue?: string
  intValue?: string | number
  boolValue?: boolean
  doubleValue?: number
}
interface OtlpAttribute {
  key: string
  value: OtlpValue
}
interface OtlpBody {
  resourceSpans?: {
    resource?: { attributes?: OtlpAttribute[] }
    scopeSpans?: {
      spans?: {
        name: string
        kind: number
        traceId: string
        spanId: string
        parentSpanId?: string
        attributes?: OtlpAttribute[]
      }[]
    }[]
  }[]
}

function valueOf(v: OtlpValue): string | number | boolean | undefined {
  if (v.stringValue !== undefined) return v.stringValue
  if (v.intValue !== undefined) return Number(v.intValue)
  return v.boolValue ?? v.doubleValue
}

function attributesOf(list: OtlpAttribute[] = []): ReceivedSpan['attributes'] {
  return Object.fromEntries(list.map((a) => [a.key, valueOf(a.value)]))
}

export interface OtlpCollector {
  url: string
  spans: ReceivedSpan[]
  close(): Promise<void>
}

export async function startOtlpCollector(): Promise<OtlpCollector> {
  const spans: ReceivedSpan[] = []
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (c: Buffer) => chunks.push(c))
    request.on('end', () => {
      if (request.method !== 'POST' || request.url !== '/v1/traces') {
        response.writeHead(404).end()
        return
      }
      if (!String(request.headers['content-type']).startsWith('application/json')) {
        response.writeHead(415).end()
        return
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpBody
      for (const rs of body.resourceSpans ?? []) {
        const service = String(attributesOf(rs.resource?.attributes)['service.name'] ?? '')
        for (const ss of rs.scopeSpans ?? []) {
          for (const s of ss.spans ?? []) {
            spans.push({
              service,
              name: s.name,
              kind: s.kind,
              traceId: s.traceId,
              spanId: s.spanId,
              parentSpanId: s.parentSpanId || undefined,
              attributes: attributesOf(s.attributes),
            })
          }
        }
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    spans,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

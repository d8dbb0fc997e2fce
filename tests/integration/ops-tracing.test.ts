/**
 * Optional tracing (issue 33, ADR 127): the built server with OTEL_EXPORTER_OTLP_ENDPOINT set sends
 * spans for requests, server functions and database queries to a collector (our OTLP/HTTP
 * stand-in), nested in one trace per request; a payment-provider call is a client span. Without
 * the setting nothing is recorded.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { checkout, shoppers } from '../../scripts/bench/checkout.mjs'
import { providerCall } from '../../src/server/payments/provider-call'
import { flushTracing, startTracing, traced, tracingEnabled } from '../../src/server/tracing'
import { startOtlpCollector, type OtlpCollector } from '../stand-ins/otlp-collector'
import { startOpsServer, type OpsServer } from './ops-server'
import { describeOnPostgres } from './throwaway-db'

let collector: OtlpCollector
let ops: OpsServer | undefined

beforeAll(async () => {
  collector = await startOtlpCollector()
  if (!process.env.TEST_DATABASE_URL) return
  ops = await startOpsServer('tracing', {
    OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
    OTEL_SERVICE_NAME: 'shop-under-test',
  })
}, 180_000)

afterAll(async () => {
  await ops?.close()
  await collector?.close()
})

async function until(check: () => boolean, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting for spans')
    await new Promise((r) => setTimeout(r, 100))
  }
}

describeOnPostgres('tracing (built server on PostgreSQL)', () => {
  it('a page and a checkout arrive as request, server-function and database spans in one trace each', async () => {
    const { base } = ops!.server
    const page = await fetch(`${base}/news`)
    expect(page.status).toBe(200)
    const { cookies, skuId } = await shoppers(ops!.pg.url!, 1)
    // Resolves once the order is paid (it throws otherwise).
    await checkout(base, cookies[0]!, skuId, { statusRequests: 0 })

    const ours = () => collector.spans.filter((s) => s.service === 'shop-under-test')
    await until(() => ours().some((s) => /^POST \/api\/pay\/?$/.test(s.name))).catch(() => {
      throw new Error(`no POST /api/pay span among: ${[...new Set(collector.spans.map((s) => s.name))].join(' | ')}`)
    })
    const spans = ours()
    const pageSpan = spans.find(
      (s) => s.name === 'GET /{-$locale}/_default/news' || s.name.startsWith('GET /{-$locale}'),
    )
    expect(pageSpan, spans.map((s) => s.name).join(', ')).toBeDefined()
    expect(pageSpan!.kind).toBe(2) // SERVER
    expect(pageSpan!.attributes['http.response.status_code']).toBe(200)
    // The page's render calls server functions: their spans sit in its trace.
    const inPage = spans.filter((s) => s.traceId === pageSpan!.traceId && s.spanId !== pageSpan!.spanId)
    expect(inPage.some((s) => s.name.startsWith('server function'))).toBe(true)
    // Creating the order is a request span with its statements (SQL text, no parameters) inside.
    const create = spans.find((s) => /^POST \/api\/orders\/?$/.test(s.name))!
    const queries = spans.filter((s) => s.traceId === create.traceId && s.name === 'db query')
    expect(queries.length).toBeGreaterThan(0)
    expect(queries.every((q) => q.attributes['db.system.name'] === 'postgresql' && q.kind === 3)).toBe(true)
    expect(queries.some((q) => /insert into "orders"/i.test(String(q.attributes['db.query.text'])))).toBe(true)
    const pay = spans.find((s) => /^POST \/api\/pay\/?$/.test(s.name))!
    expect(pay.attributes['http.route']).toMatch(/^\/api\/pay\/?$/)
    expect(pay.attributes['http.response.status_code']).toBe(201)
  })
})

it('a payment-provider call is a client span with the provider and operation (in process)', async () => {
  expect(tracingEnabled()).toBe(false)
  // Without a collector, traced only runs the function.
  expect(await traced('nothing', {}, async () => 7)).toBe(7)
  await startTracing(collector.url, 'provider-test')
  const result = await providerCall('stripe', 'checkout.sessions.create', async () => ({ id: 'cs_test_1' }), {
    ok: () => ({ requestId: 'req_1', status: 200 }),
    failed: () => ({}),
  })
  expect(result).toEqual({ id: 'cs_test_1' })
  await expect(
    providerCall('paypal', 'orders.create', () => Promise.reject(new Error('timeout')), {
      ok: () => ({}),
      failed: () => ({ code: 'timeout' }),
    }),
  ).rejects.toThrow('timeout')
  await flushTracing()
  const spans = collector.spans.filter((s) => s.service === 'provider-test')
  expect(spans.map((s) => s.name).sort()).toEqual([
    'payment provider paypal orders.create',
    'payment provider stripe checkout.sessions.create',
  ])
  expect(spans.every((s) => s.kind === 3)).toBe(true) // CLIENT
  expect(spans.find((s) => s.name.includes('stripe'))?.attributes).toMatchObject({
    'payment.provider': 'stripe',
    'payment.operation': 'checkout.sessions.create',
  })
})

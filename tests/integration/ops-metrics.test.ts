/**
 * GET /metrics of the built server on PostgreSQL (ADR 094): only with the bearer token, every
 * series the operators' alerts use is there, and each moves when its event happens (a request,
 * a checkout with its status changes, payment, webhook and delivery, the HTML cache, a job left
 * waiting, the pool). The supplier breaker and balance gauges are set by the supplier adapter
 * through recorders, checked here in process.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { withConfig } from '../../app.config'
import { checkout, shoppers } from '../../scripts/bench/checkout.mjs'
import { metricsResponse } from '../../src/server/metrics/endpoint'
import { supplierBalanceRead, supplierBreakerChanged, supplierRequest } from '../../src/server/metrics'
import { registry } from '../../src/server/metrics/registry'
import { startOpsServer, type OpsServer } from './ops-server'
import { describeOnPostgres } from './throwaway-db'

const TOKEN = 'metrics-token-for-the-test-0123456789'
const SERIES = [
  'process_cpu_seconds_total',
  'nodejs_eventloop_lag_seconds',
  'nodejs_heap_size_used_bytes',
  'http_request_duration_seconds',
  'orders_status_changes_total',
  'payments_total',
  'jobs_waiting',
  'jobs_oldest_age_seconds',
  'webhook_lag_seconds',
  'supplier_requests_total',
  'supplier_request_duration_seconds',
  'html_cache_requests_total',
  'db_pool_connections',
  'shop_ready',
]

let ops: OpsServer
let pg: OpsServer['pg']
let server: OpsServer['server']
let db: OpsServer['db']

beforeAll(async () => {
  if (!process.env.TEST_DATABASE_URL) return
  ops = await startOpsServer('metrics', { METRICS_TOKEN: TOKEN })
  ;({ pg, server, db } = ops)
})

afterAll(async () => {
  await ops?.close()
})

async function scrape(): Promise<string> {
  const response = await fetch(`${server.base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/)
  return response.text()
}

/** The value of one sample (`name{a="b",...}` with at least these labels), 0 when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split('\n')) {
    const m = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line)
    if (!m || m[1] !== name) continue
    const have = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((l) => [l[1], l[2]]))
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(m[3])
  }
  return 0
}

async function until(check: () => Promise<boolean>, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 100))
  }
}

describeOnPostgres('metrics (PostgreSQL)', () => {
  it('answers only with the bearer token', async () => {
    expect((await fetch(`${server.base}/metrics`)).status).toBe(401)
    const wrong = await fetch(`${server.base}/metrics`, { headers: { authorization: 'Bearer not-the-token-at-all' } })
    expect(wrong.status).toBe(401)
    expect(await wrong.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED' } })
    // Without a configured token the endpoint does not exist.
    await withConfig({ METRICS_TOKEN: undefined }, async () => {
      const response = await metricsResponse(
        new Request('http://x/metrics', { headers: { authorization: 'Bearer x' } }),
      )
      expect(response.status).toBe(404)
    })
  })

  it('has every series, and each moves when its event happens', async () => {
    const before = await scrape()
    for (const name of SERIES) expect(before, name).toContain(`# TYPE ${name} `)

    // A request, by its route template.
    const links = { route: '/api/cms/links', method: 'GET', status: '200' }
    expect((await fetch(`${server.base}/api/cms/links`)).status).toBe(200)
    // Anonymous pages through the shop's HTML cache: a render, then a hit.
    for (let i = 0; i < 2; i++) expect((await fetch(`${server.base}/news`)).status).toBe(200)
    // A checkout: created → awaiting payment → paid (card, sandbox webhook) → delivered.
    const { cookies, skuId } = await shoppers(pg.url!, 1)
    await checkout(server.base, cookies[0]!, skuId, { statusRequests: 0 })
    await until(async () => sample(await scrape(), 'supplier_requests_total', { supplier: 'sandbox' }) > 0)
    // A job nobody runs (no worker has this queue), due for a minute.
    await db.query(
      `insert into jobs (queue, payload, run_at) values ('ops.metrics-probe', '{}', now() - interval '60 seconds')`,
    )

    const after = await scrape()
    const moved = (name: string, labels: Record<string, string> = {}) =>
      sample(after, name, labels) - sample(before, name, labels)
    expect(moved('http_request_duration_seconds_count', links)).toBeGreaterThanOrEqual(1)
    expect(sample(after, 'http_request_duration_seconds_bucket', { ...links, le: '+Inf' })).toBeGreaterThanOrEqual(1)
    expect(moved('html_cache_requests_total', { result: 'miss' })).toBeGreaterThanOrEqual(1)
    expect(moved('html_cache_requests_total', { result: 'hit' })).toBeGreaterThanOrEqual(1)
    expect(moved('orders_status_changes_total', { from: 'created', to: 'awaiting_payment' })).toBe(1)
    expect(moved('orders_status_changes_total', { from: 'awaiting_payment', to: 'paid' })).toBe(1)
    expect(moved('payments_total', { provider: 'sandbox', method: 'card', outcome: 'succeeded' })).toBe(1)
    expect(moved('webhook_lag_seconds_count', { provider: 'sandbox' })).toBe(1)
    expect(moved('supplier_requests_total', { supplier: 'sandbox', outcome: 'ok' })).toBe(1)
    expect(moved('supplier_request_duration_seconds_count', { supplier: 'sandbox', outcome: 'ok' })).toBe(1)
    expect(sample(after, 'jobs_waiting', { queue: 'ops.metrics-probe' })).toBe(1)
    expect(sample(after, 'jobs_oldest_age_seconds', { queue: 'ops.metrics-probe' })).toBeGreaterThanOrEqual(59)
    expect(sample(after, 'jobs_waiting', { queue: 'orders.fulfil' })).toBe(0)
    const pool = ['in_use', 'idle', 'waiting'].map((state) => sample(after, 'db_pool_connections', { state }))
    expect(after).toContain('db_pool_connections{state="waiting"}')
    expect(pool[0]! + pool[1]!).toBeGreaterThanOrEqual(1)
    expect(sample(after, 'shop_ready')).toBe(1)

    // Once the job is done it no longer waits.
    await db.query(`update jobs set completed_at = now() where queue = 'ops.metrics-probe'`)
    expect(sample(await scrape(), 'jobs_waiting', { queue: 'ops.metrics-probe' })).toBe(0)
  })

  it('records what the supplier adapter reports (breaker, balance, each request)', async () => {
    supplierBreakerChanged('acme', true)
    supplierBalanceRead('acme', 'USD', true)
    supplierRequest('acme', 'breaker_open', 0)
    let text = await registry.metrics()
    expect(sample(text, 'supplier_breaker_open', { supplier: 'acme' })).toBe(1)
    expect(sample(text, 'supplier_balance_low', { supplier: 'acme', currency: 'USD' })).toBe(1)
    expect(sample(text, 'supplier_requests_total', { supplier: 'acme', outcome: 'breaker_open' })).toBe(1)
    supplierBreakerChanged('acme', false)
    supplierBalanceRead('acme', 'USD', false)
    text = await registry.metrics()
    expect(sample(text, 'supplier_breaker_open', { supplier: 'acme' })).toBe(0)
    expect(sample(text, 'supplier_balance_low', { supplier: 'acme', currency: 'USD' })).toBe(0)
  })
})

/**
 * The Prometheus series of this process (prom-client, ADR 094). Recorders are one call at the
 * place where the event happens (`orderStatusChanged(from, to)`); gauges that describe shared
 * state (jobs, the pool) are read when scraped. Label values are bounded sets: route templates,
 * statuses, queues, providers — never ids.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client'

export const registry = new Registry()
collectDefaultMetrics({ register: registry })

const registers = [registry]

export const httpRequestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time to the response headers, by route template, method and status',
  labelNames: ['route', 'method', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers,
})

export const orderStatusChanges = new Counter({
  name: 'orders_status_changes_total',
  help: 'Committed order status changes, by from and to status',
  labelNames: ['from', 'to'] as const,
  registers,
})

export const payments = new Counter({
  name: 'payments_total',
  help: 'Payment attempts that reached an outcome (succeeded, failed, cancelled), by provider and method',
  labelNames: ['provider', 'method', 'outcome'] as const,
  registers,
})

export const webhookLag = new Histogram({
  name: 'webhook_lag_seconds',
  help: 'From the provider creating an event to this shop applying it, by provider',
  labelNames: ['provider'] as const,
  buckets: [0.1, 0.5, 1, 5, 15, 60, 300, 900, 3600],
  registers,
})

export const supplierRequests = new Counter({
  name: 'supplier_requests_total',
  help: 'Requests to a supplier, by supplier and outcome (ok, refused, error, timeout, breaker_open)',
  labelNames: ['supplier', 'outcome'] as const,
  registers,
})

export const supplierRequestDuration = new Histogram({
  name: 'supplier_request_duration_seconds',
  help: 'Duration of requests to a supplier, by supplier and outcome',
  labelNames: ['supplier', 'outcome'] as const,
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers,
})

export const supplierBreakerOpen = new Gauge({
  name: 'supplier_breaker_open',
  help: "1 while this instance's circuit breaker for the supplier is open (or half-open), else 0",
  labelNames: ['supplier'] as const,
  registers,
})

export const supplierBalanceLow = new Gauge({
  name: 'supplier_balance_low',
  help: "1 while the supplier's prepaid balance in the currency is below SUPPLIER_LOW_BALANCE_MINOR, else 0",
  labelNames: ['supplier', 'currency'] as const,
  registers,
})

export const htmlCacheRequests = new Counter({
  name: 'html_cache_requests_total',
  help: "Anonymous page requests answered by the shop's HTML cache, by result (hit, stale, miss)",
  labelNames: ['result'] as const,
  registers,
})
for (const result of ['hit', 'stale', 'miss']) htmlCacheRequests.inc({ result }, 0)

export const jobsWaiting = new Gauge({
  name: 'jobs_waiting',
  help: 'Due jobs nobody is running, by queue (shared: the same on every instance)',
  labelNames: ['queue'] as const,
  registers,
})

export const jobsOldestAge = new Gauge({
  name: 'jobs_oldest_age_seconds',
  help: 'How long the oldest due job nobody is running has been due, by queue (0 when none)',
  labelNames: ['queue'] as const,
  registers,
})

export const dbPoolConnections = new Gauge({
  name: 'db_pool_connections',
  help: "This instance's PostgreSQL pool: connections in use, idle, and requests waiting for one",
  labelNames: ['state'] as const,
  registers,
})

export const ready = new Gauge({
  name: 'shop_ready',
  help: 'What /readyz says: 1 when this instance serves (database ready, not shutting down), else 0',
  registers,
})

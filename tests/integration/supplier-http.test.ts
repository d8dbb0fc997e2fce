/**
 * The HTTP supplier adapter against the sandbox supplier service over real HTTP (protocol v1,
 * docs/supplier-protocol.md): idempotency by reference, refusals, polling, signatures, faults,
 * retries and the breaker.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { CircuitBreaker } from '../../src/server/fulfilment/http/breaker'
import { createHttpSupplier, type HttpSupplier } from '../../src/server/fulfilment/http/supplier.server'
import {
  NO_FAULTS,
  startSandboxSupplier,
  type SandboxService,
} from '../../src/server/fulfilment/sandbox/service.server'
import { SUPPLIER_SIGNATURE_HEADER, SUPPLIER_TIMESTAMP_HEADER } from '../../src/server/fulfilment/protocol'
import { signPayload } from '../../src/server/http/signature'
import type { TopUpRequest } from '../../src/modules/fulfilment/supplier'

const SECRET = 'supplier-test-secret-0123456789'
let service: SandboxService

function adapter(opts: { retries?: number; failures?: number; cooldownMs?: number; timeoutMs?: number } = {}) {
  const breaker = new CircuitBreaker({ failures: opts.failures ?? 3, cooldownMs: opts.cooldownMs ?? 60_000 })
  const supplier = createHttpSupplier({
    name: 'sandbox-test',
    url: service.url,
    secret: SECRET,
    timeoutMs: opts.timeoutMs ?? 2_000,
    retries: opts.retries ?? 0,
    retryBaseMs: 10,
    breaker,
    checkPlayer: async () => ({ ok: true, nickname: 'x' }),
  })
  return { supplier, breaker }
}

let n = 0
const request = (playerId = '123456789', reference = `ref-${Date.now()}-${n++}`): TopUpRequest => ({
  idempotencyKey: reference,
  gameSlug: 'game',
  skuCode: 'SKU-1',
  units: 100,
  playerId,
})

async function deliveredEventually(supplier: HttpSupplier, r: TopUpRequest) {
  for (let i = 0; i < 50; i++) {
    const answer = await supplier.deliverTopUp(r)
    if (answer.status !== 'pending') return answer
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  throw new Error('still pending')
}

beforeAll(async () => {
  service = await startSandboxSupplier({ port: 0, secret: SECRET, balanceMinor: 1_000_000, deliveryMs: 30 })
})
afterAll(() => service.close())
beforeEach(() => service.setFaults(NO_FAULTS))

describe('supplier over HTTP (protocol v1)', () => {
  it('accepts a top-up (pending), then reports it delivered by polling its reference', async () => {
    const { supplier } = adapter()
    const r = request()
    const first = await supplier.deliverTopUp(r)
    expect(first).toMatchObject({ status: 'pending', transactionId: expect.stringMatching(/^SUP-/) })
    const done = await deliveredEventually(supplier, r)
    expect(done).toEqual({ status: 'delivered', transactionId: first.status === 'pending' ? first.transactionId : '' })
    expect(service.tally.posts.get(r.idempotencyKey)).toBe(1)
    expect(service.tally.requests['GET /v1/topups/{reference}']).toBeGreaterThanOrEqual(1)
  })

  it('the same reference never delivers twice, from a fresh adapter too (a restarted shop)', async () => {
    const r = request()
    await deliveredEventually(adapter().supplier, r)
    const before = service.balanceMinor()
    expect(await adapter().supplier.deliverTopUp(r)).toMatchObject({ status: 'delivered' })
    expect(service.balanceMinor()).toBe(before)
    expect([...service.topUps.keys()].filter((k) => k === r.idempotencyKey)).toHaveLength(1)
  })

  it('maps refusals to the meanings the shop already has', async () => {
    const { supplier } = adapter()
    expect(await supplier.deliverTopUp(request('123454040'))).toMatchObject({
      status: 'failed',
      code: 'PLAYER_NOT_FOUND',
    })
    expect(await supplier.deliverTopUp(request('123454041'))).toMatchObject({
      status: 'failed',
      code: 'REGION_MISMATCH',
    })
    expect(await supplier.deliverTopUp(request('123455030'))).toMatchObject({ status: 'failed', code: 'OUT_OF_STOCK' })
    expect(await supplier.deliverTopUp(request('123450000'))).toMatchObject({
      status: 'failed',
      code: 'PLAYER_ACCOUNT_LOCKED',
    })
  })

  it('insufficient balance makes the delivery wait, not fail, and is not recorded against the reference', async () => {
    const poor = await startSandboxSupplier({ port: 0, secret: SECRET, balanceMinor: 50, deliveryMs: 10 })
    try {
      const supplier = createHttpSupplier({
        name: 'poor',
        url: poor.url,
        secret: SECRET,
        timeoutMs: 2_000,
        retries: 0,
        retryBaseMs: 10,
        breaker: new CircuitBreaker({ failures: 3, cooldownMs: 60_000 }),
        checkPlayer: async () => ({ ok: true, nickname: 'x' }),
      })
      const r = request()
      expect(await supplier.deliverTopUp(r)).toMatchObject({ status: 'waiting', reason: 'insufficient_balance' })
      expect(poor.topUps.has(r.idempotencyKey)).toBe(false)
      expect(await supplier.balance()).toEqual([{ currency: 'USD', amountMinor: 50 }])
    } finally {
      await poor.close()
    }
  })

  it('retries 5xx with the same reference, and the top-up happens once', async () => {
    const { supplier } = adapter({ retries: 8, failures: 100 })
    service.setFaults({ error5xx: 0.3 })
    const r = request()
    const answer = await deliveredEventually(supplier, r)
    expect(answer.status).toBe('delivered')
    expect([...service.topUps.keys()].filter((k) => k === r.idempotencyKey)).toHaveLength(1)
  })

  it('times out a call that hangs and counts it as a failure', async () => {
    const { supplier, breaker } = adapter({ timeoutMs: 200, failures: 1 })
    service.setFaults({ timeout: 1 })
    const started = performance.now()
    expect(await supplier.deliverTopUp(request())).toMatchObject({ status: 'waiting', reason: 'supplier_unavailable' })
    expect(performance.now() - started).toBeLessThan(1_500)
    expect(breaker.state).toBe('open')
  })

  it('down: the breaker opens after N failures and then sends nothing until its cool-down ends', async () => {
    const { supplier, breaker } = adapter({ failures: 3, retries: 0 })
    service.setFaults({ down: true })
    const before = service.tally.downArrivals.length
    for (let i = 0; i < 20; i++) {
      expect(await supplier.deliverTopUp(request())).toMatchObject({
        status: 'waiting',
        reason: 'supplier_unavailable',
      })
    }
    expect(breaker.state).toBe('open')
    expect(service.tally.downArrivals.length - before).toBe(3)
  })

  it('refuses requests with a bad or missing signature (401/400 with a code)', async () => {
    const body = JSON.stringify({ reference: 'forged', game: 'g', sku: 's', units: 1, player: { id: '123456789' } })
    const ts = Math.floor(Date.now() / 1000)
    const forged = await fetch(`${service.url}/v1/topups`, {
      method: 'POST',
      body,
      headers: {
        [SUPPLIER_TIMESTAMP_HEADER]: String(ts),
        [SUPPLIER_SIGNATURE_HEADER]: signPayload('wrong-secret-xxxxxxxx', ts, body),
      },
    })
    expect(forged.status).toBe(401)
    expect(await forged.json()).toMatchObject({ code: 'bad_signature' })
    const stale = await fetch(`${service.url}/v1/topups`, {
      method: 'POST',
      body,
      headers: {
        [SUPPLIER_TIMESTAMP_HEADER]: String(ts - 301),
        [SUPPLIER_SIGNATURE_HEADER]: signPayload(SECRET, ts - 301, body),
      },
    })
    expect(stale.status).toBe(401)
    expect(await stale.json()).toMatchObject({ code: 'stale_timestamp' })
    const unsigned = await fetch(`${service.url}/v1/balance`)
    expect(unsigned.status).toBe(400)
    expect(await unsigned.json()).toMatchObject({ code: 'missing_signature' })
    expect(service.topUps.has('forged')).toBe(false)
  })

  it('reads only callbacks signed with the shared secret', () => {
    const { supplier } = adapter()
    const body = JSON.stringify({
      event: 'topup.updated',
      reference: 'r',
      supplierReference: 'SUP-1',
      status: 'delivered',
    })
    const ts = Math.floor(Date.now() / 1000)
    const headers = (secret: string, at = ts) =>
      new Headers({
        [SUPPLIER_TIMESTAMP_HEADER]: String(at),
        [SUPPLIER_SIGNATURE_HEADER]: signPayload(secret, at, body),
      })
    expect(supplier.readCallback(headers(SECRET), body)).toMatchObject({ ok: true, callback: { reference: 'r' } })
    expect(supplier.readCallback(headers('another-secret-123456'), body)).toEqual({ ok: false, reason: 'mismatch' })
    expect(supplier.readCallback(headers(SECRET, ts - 400), body)).toEqual({ ok: false, reason: 'stale' })
    expect(supplier.readCallback(new Headers(), body)).toEqual({ ok: false, reason: 'missing' })
  })
})

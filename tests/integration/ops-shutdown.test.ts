/**
 * Graceful shutdown of the built server on PostgreSQL (ADR 093): on SIGTERM /readyz is 503 at
 * once, a long poll answers instead of being cut, requests keep being served during the drain
 * (closing their connections), then new connections are refused while a request in flight still
 * gets its answer; a delivery job still running at the deadline goes back to the queue at once
 * (unleased, its attempt not counted) and the process exits 0. A second SIGTERM exits at once.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { checkout, shoppers } from '../../scripts/bench/checkout.mjs'
import { freePorts, startServer, type RunningServer } from './auth-helpers'
import { startOpsServer, type OpsServer } from './ops-server'
import { describeOnPostgres } from './throwaway-db'

const DRAIN_MS = 1_000
const GRACE_MS = 4_000

let ops: OpsServer
let pg: OpsServer['pg']
let server: OpsServer['server']
let db: OpsServer['db']

beforeAll(async () => {
  if (!process.env.TEST_DATABASE_URL) return
  ops = await startOpsServer('shutdown', {
    LOG_LEVEL: 'info',
    SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
    SHUTDOWN_GRACE_MS: String(GRACE_MS),
    // The delivery is still running when the deadline comes.
    SANDBOX_SUPPLIER_LATENCY_MS: '60000',
  })
  ;({ pg, server, db } = ops)
})

afterAll(async () => {
  await ops?.close()
})

function exitOf(child: RunningServer['child']): Promise<{ code: number | null; at: number }> {
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, at: Date.now() })))
}

/** A POST whose body is sent in two parts: in flight from the first byte until its answer. */
function slowPost(base: string, path: string, cookie: string, body: string) {
  const url = new URL(path, base)
  let answer!: Promise<{ status: number; body: string }>
  const req = httpRequest(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), cookie },
  })
  answer = new Promise((resolve, reject) => {
    req.on('response', (res: IncomingMessage) => {
      let text = ''
      res.on('data', (chunk: Buffer) => (text += chunk.toString()))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }))
    })
    req.on('error', reject)
  })
  const half = Math.floor(body.length / 2)
  req.write(body.slice(0, half))
  return { answer, finish: () => req.end(body.slice(half)) }
}

async function connectionRefused(base: string): Promise<boolean> {
  try {
    await fetch(`${base}/healthz`)
    return false
  } catch (error) {
    return /ECONNREFUSED/.test(String((error as { cause?: unknown }).cause ?? error))
  }
}

describeOnPostgres('graceful shutdown (PostgreSQL)', () => {
  it('drains, finishes what is in flight, hands back unfinished jobs and exits 0', async () => {
    const { cookies, skuId } = await shoppers(pg.url!, 1)
    const cookie = cookies[0]!
    await checkout(server.base, cookie, skuId, { statusRequests: 0 })
    // The delivery job is running (the sandbox supplier takes a minute).
    let running: { id: number; order_id: string }[] = []
    for (let i = 0; i < 100 && running.length === 0; i++) {
      ;({ rows: running } = await db.query(
        `select id, payload->>'orderId' as order_id from jobs
         where queue = 'orders.fulfil' and completed_at is null and locked_until > now()`,
      ))
      if (running.length === 0) await new Promise((r) => setTimeout(r, 100))
    }
    expect(running).toHaveLength(1)
    const job = running[0]!
    const longPoll = fetch(`${server.base}/api/orders/${job.order_id}?waitWhile=fulfilling`, { headers: { cookie } })
    const order = JSON.stringify({
      items: [{ skuId, quantity: 1 }],
      currency: 'USD',
      player: { playerId: '1234567' },
      idempotencyKey: crypto.randomUUID(),
    })
    const inFlight = slowPost(server.base, '/api/orders', cookie, order)
    await new Promise((r) => setTimeout(r, 200)) // the long poll and the first half are there

    const exited = exitOf(server.child)
    const signalled = Date.now()
    server.child.kill('SIGTERM')

    // At once (as soon as the signal is delivered): not ready, while still serving, each answer
    // closing its connection.
    let readyz = await fetch(`${server.base}/readyz`)
    while (readyz.status === 200 && Date.now() - signalled < 1_000) {
      await new Promise((r) => setTimeout(r, 20))
      readyz = await fetch(`${server.base}/readyz`)
    }
    expect(Date.now() - signalled).toBeLessThan(500)
    expect(readyz.status).toBe(503)
    expect(await readyz.json()).toEqual({ ready: false, reason: 'shutting down' })
    expect(readyz.headers.get('connection')).toBe('close')
    // The long poll answers with what it has instead of waiting its 25 s (and being cut).
    const polled = await longPoll
    expect(polled.status).toBe(200)
    expect(((await polled.json()) as { status: string }).status).toBe('fulfilling')
    expect(Date.now() - signalled).toBeLessThan(DRAIN_MS)

    // After the drain: no new connections, but the request in flight still gets its answer.
    await new Promise((r) => setTimeout(r, DRAIN_MS + 300 - (Date.now() - signalled)))
    expect(await connectionRefused(server.base)).toBe(true)
    inFlight.finish()
    const answered = await inFlight.answer
    expect(answered.status).toBe(201)
    expect(JSON.parse(answered.body)).toMatchObject({ status: 'created' })

    // The delivery could not finish by the deadline: handed back, then exit 0.
    const { code, at } = await exited
    expect(code).toBe(0)
    expect(at - signalled).toBeGreaterThanOrEqual(GRACE_MS - 100)
    expect(at - signalled).toBeLessThan(GRACE_MS + 3_000)
    const { rows } = await db.query(
      `select locked_until, lock_token, attempts, completed_at, run_at <= now() as due from jobs where id = $1`,
      [job.id],
    )
    expect(rows[0]).toMatchObject({ locked_until: null, lock_token: null, attempts: 0, completed_at: null, due: true })
    expect(server.logs.join('')).toContain('unfinished jobs handed back to the queue')
  })

  it('exits at once on a second SIGTERM', async () => {
    const [port] = (await freePorts(1)) as [number]
    const second = await startServer(
      { DATABASE_URL: pg.url!, PUBLIC_ORIGIN: `http://127.0.0.1:${port}`, SHUTDOWN_DRAIN_MS: '30000' },
      port,
    )
    const exited = exitOf(second.child)
    const signalled = Date.now()
    second.child.kill('SIGTERM')
    await new Promise((r) => setTimeout(r, 200))
    second.child.kill('SIGTERM')
    const { code, at } = await exited
    expect(code).toBe(1)
    expect(at - signalled).toBeLessThan(2_000)
    await second.stop()
  })
})

/**
 * The cost of a paid order on PostgreSQL, end to end over HTTP against the built server (run
 * `npm run build` first): create → pay by card on the sandbox page → webhook → paid → delivered.
 * The server runs with the bench probe preloaded (scripts/bench/probe.mjs), which counts every
 * query the server sends, the job worker's included.
 */
import { createHash, randomBytes } from 'node:crypto'
import path from 'node:path'
import { Client } from 'pg'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { checkout } from '../../scripts/bench/checkout.mjs'
import { freePorts, startServer, type RunningServer } from './auth-helpers'
import { createThrowawayDatabase, describeOnPostgres, type ThrowawayDatabase } from './throwaway-db'

/**
 * Issue 11's target: at most 40 queries per paid order. Measured 119–128 after the first cuts,
 * 135.5 once refunds and support threads joined the order's detail, 106.7 with the detail read as
 * one query, 90 once orders of buyers nobody referred stopped queueing affiliate jobs, 62 once a
 * status change became one statement (status, timeline and notice) on a lock taken once per
 * transaction, 58 once an order and everything created with it went in as one statement, 46 once
 * jobs went to this process's worker claimed at commit (ADR 069), the sandbox moved a payment and
 * queued its webhooks in one statement, the webhook read order and payment with one lock and the
 * move to fulfilling became one statement; 38.7 once a status change also carried the jobs it sets
 * off and the writes that go with it (payment attempt, settled payment, delivered items), the
 * webhook recorded its event in the statement that locks, fulfilment read its items with its lock,
 * and a job queued for later stopped waking the workers for nothing; 34.7 once a delivered order's
 * completion (items, move, mail job, the job's fence) became one statement; 27.7 once payment start
 * and capture became one statement each (ADR 073) and a mail's completion recorded its sending
 * (ADR 075); 24.7 once a redelivered capture was answered in that one statement and the worker
 * handed jobs over whenever it had room (ADR 076). The guard sits a little above that, well under
 * the issue's 40.
 */
const MAX_QUERIES_PER_PAID_ORDER = 28
const ORDERS = 6
const probeScript = path.resolve(import.meta.dirname, '../../scripts/bench/probe.mjs')

describeOnPostgres('checkout cost on PostgreSQL', () => {
  let pg: ThrowawayDatabase
  let server: RunningServer
  let probePort: number
  let db: Client
  let cookie: string
  let skuId: number

  beforeAll(async () => {
    pg = await createThrowawayDatabase('postgres', 'checkout_cost')
    let port: number
    ;[port, probePort] = await freePorts(2)
    server = await startServer(
      {
        ...pg.env,
        PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
        SEED_CATALOG: 'true',
        NODE_OPTIONS: `--import=${probeScript}`,
        BENCH_PROBE_PORT: String(probePort),
      },
      port,
    )
    db = new Client({ connectionString: pg.url })
    await db.connect()
    // A signed-in shopper straight in the database: sign-in is not what is measured.
    const { rows } = await db.query(`insert into users (email, username) values ($1, 'cost') returning id`, [
      `cost-${randomBytes(3).toString('hex')}@example.com`,
    ])
    const id = randomBytes(32).toString('base64url')
    await db.query(
      `insert into sessions (id_hash, user_id, authority, client_id, sub, id_token, access_token, expires_at)
       values ($1, $2::uuid, 't', 't', $2::text, 't', 't', now() + interval '1 day')`,
      [createHash('sha256').update(id).digest('base64url'), rows[0].id],
    )
    cookie = `session=${id}`
    const sku = await db.query(`
      select s.id from skus s join offers o on o.id = s.offer_id join games g on g.id = o.game_id
      where g.kind = 'topup' and s.active
        and not exists (select 1 from jsonb_array_elements(g.player_fields) f where f->>'key' = 'server')
      order by s.id limit 1`)
    skuId = sku.rows[0].id
  })

  afterAll(async () => {
    await db?.end()
    await server?.stop()
    await pg?.drop()
  })

  const probe = async () =>
    (await (await fetch(`http://127.0.0.1:${probePort}/`)).json()) as { queries: number; cpuMs: number }

  /** One shopper's checkout through the bench's client; returns the status requests it needed. */
  async function pay(): Promise<number> {
    const counters = { statusRequests: 0 }
    await checkout(server.base, cookie, skuId, counters)
    return counters.statusRequests
  }

  /**
   * Everything the orders set in motion has run (the far-off expiry checks aside): order jobs and
   * the gateway's webhook deliveries. Housekeeping (an hourly purge whose slot falls within the
   * minute) is not the orders' and would keep this false until it ran.
   */
  const settled = async () => {
    const { rows } = await db.query(
      `select count(*)::int as n from jobs
       where completed_at is null and failed_at is null and run_at < now() + interval '1 minute'
         and (payload ? 'orderId' or payload ? 'event')`,
    )
    const delivered = await db.query(`select count(*)::int as n from orders where status = 'delivered'`)
    return rows[0].n === 0 && delivered.rows[0].n
  }

  it(`pays an order with at most ${MAX_QUERIES_PER_PAID_ORDER} queries; the result page waits without polling`, async () => {
    await pay() // warm-up: first-use loads (webhook secret, catalogue caches) are not per order
    await expect.poll(settled, { timeout: 30_000, interval: 200 }).toBe(1)
    const before = await probe()
    const statusRequests = await Promise.all(Array.from({ length: ORDERS }, () => pay()))
    await expect.poll(settled, { timeout: 30_000, interval: 200 }).toBe(ORDERS + 1)
    const after = await probe()
    const perOrder = (after.queries - before.queries) / ORDERS
    console.log(
      `per paid order: ${perOrder.toFixed(1)} queries, ${((after.cpuMs - before.cpuMs) / ORDERS).toFixed(1)} CPU ms; status requests ${statusRequests.join(',')}`,
    )
    if (perOrder > MAX_QUERIES_PER_PAID_ORDER) {
      console.log(await (await fetch(`http://127.0.0.1:${probePort}/statements`)).text())
    }
    expect(perOrder).toBeLessThanOrEqual(MAX_QUERIES_PER_PAID_ORDER)
    // A long poll answers when the order moves: awaiting payment → paid takes one or two asks.
    for (const n of statusRequests) expect(n).toBeLessThanOrEqual(3)
  })
})

// Checkout throughput: orders created and paid per second, end to end through the HTTP API
// (POST /api/orders → POST /api/pay → the sandbox card page → webhook → GET /api/orders/{id}
// until paid), with N concurrent shoppers against a production server on a throwaway PostgreSQL
// database. Shoppers get their sessions straight in the database: sign-in is not what is measured.
import { spawn } from 'node:child_process'
import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { Client } from 'pg'

const SHOPPERS = Number(process.env.BENCH_SHOPPERS ?? 20)
const SECONDS = Number(process.env.BENCH_CHECKOUT_SECONDS ?? 20)

async function admin(url, statement) {
  const client = new Client({ connectionString: url })
  await client.connect()
  try {
    return await client.query(statement)
  } finally {
    await client.end()
  }
}

async function waitFor(base) {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/api/cms/links`)).ok) return
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500))
  }
  throw new Error('checkout bench: server did not start')
}

/** Shoppers with a session row each; returns their cookies. */
async function shoppers(url) {
  const client = new Client({ connectionString: url })
  await client.connect()
  try {
    const cookies = []
    for (let i = 0; i < SHOPPERS; i++) {
      const { rows } = await client.query(`insert into users (email, username) values ($1, $2) returning id`, [
        `bench-${i}-${randomBytes(3).toString('hex')}@example.com`,
        `bench${i}`,
      ])
      const id = randomBytes(32).toString('base64url')
      const hash = createHash('sha256').update(id).digest('base64url')
      await client.query(
        `insert into sessions (id_hash, user_id, authority, client_id, sub, id_token, access_token, expires_at)
         values ($1, $2::uuid, 'bench', 'bench', $2::text, 'bench', 'bench', now() + interval '1 day')`,
        [hash, rows[0].id],
      )
      cookies.push(`session=${id}`)
    }
    const { rows } = await client.query(`
      select s.id from skus s join offers o on o.id = s.offer_id join games g on g.id = o.game_id
      where g.kind = 'topup' and s.active
        and not exists (select 1 from jsonb_array_elements(g.player_fields) f where f->>'key' = 'server')
      order by s.id limit 1`)
    return { cookies, skuId: rows[0].id }
  } finally {
    await client.end()
  }
}

async function call(base, cookie, path, init = {}) {
  const response = await fetch(base + path, {
    ...init,
    redirect: 'manual',
    headers: { cookie, 'content-type': 'application/json', ...init.headers },
  })
  if (response.status >= 400) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status}`)
  return response
}

async function checkout(base, cookie, skuId) {
  const order = await (
    await call(base, cookie, '/api/orders', {
      method: 'POST',
      body: JSON.stringify({
        items: [{ skuId, quantity: 1 }],
        currency: 'USD',
        player: { playerId: String(100000 + Math.floor(Math.random() * 800000)) },
        idempotencyKey: randomUUID(),
      }),
    })
  ).json()
  const pay = await (
    await call(base, cookie, '/api/pay', {
      method: 'POST',
      body: JSON.stringify({ orderId: order.id, method: 'card' }),
    })
  ).json()
  const page = new URL(pay.redirectUrl)
  await call(base, cookie, page.pathname + page.search, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      id: page.searchParams.get('id'),
      step: 'card',
      number: '4242424242424242',
      expiry: '12/39',
      cvc: '123',
    }).toString(),
  })
  for (let i = 0; i < 600; i++) {
    const { status } = await (await call(base, cookie, `/api/orders/${order.id}`)).json()
    if (['paid', 'fulfilling', 'delivered'].includes(status)) return
    await new Promise((r) => setTimeout(r, 200)) // a result page polls too, only slower
  }
  throw new Error(`order ${order.id} was not paid in time`)
}

export async function checkoutThroughput(pgUrl, port) {
  const name = `bench_${randomBytes(5).toString('hex')}`
  await admin(pgUrl, `create database ${name}`)
  const url = new URL(pgUrl)
  url.pathname = `/${name}`
  const base = `http://127.0.0.1:${port}`
  const server = spawn(process.execPath, ['server.mjs'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: url.toString(),
      DATA_DIR: '.data-test/bench-checkout', // its mail outbox
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  try {
    await waitFor(base)
    const { cookies, skuId } = await shoppers(url.toString())
    const latencies = []
    let failed = 0
    const started = performance.now()
    const until = started + SECONDS * 1000
    await Promise.all(
      cookies.map(async (cookie) => {
        while (performance.now() < until) {
          const t0 = performance.now()
          try {
            await checkout(base, cookie, skuId)
            latencies.push(performance.now() - t0)
          } catch (error) {
            failed++
            if (failed <= 3) console.error(`  checkout failed: ${error.message}`)
          }
        }
      }),
    )
    const elapsed = (performance.now() - started) / 1000
    latencies.sort((a, b) => a - b)
    const pct = (p) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0)
    const result = {
      shoppers: SHOPPERS,
      seconds: +elapsed.toFixed(1),
      paidOrders: latencies.length,
      failed,
      ordersPerSecond: +(latencies.length / elapsed).toFixed(1),
      p50ms: pct(0.5),
      p95ms: pct(0.95),
    }
    console.log(`\nCheckout on PostgreSQL (${SHOPPERS} concurrent shoppers, create → pay by card → paid, over HTTP):`)
    console.log(
      `  ${result.ordersPerSecond} orders/s paid · ${result.paidOrders} in ${result.seconds} s · p50 ${result.p50ms} ms · p95 ${result.p95ms} ms · ${failed} failed`,
    )
    return result
  } finally {
    server.kill('SIGTERM')
    await new Promise((r) => server.once('exit', r))
    await admin(pgUrl, `drop database if exists ${name} with (force)`)
  }
}

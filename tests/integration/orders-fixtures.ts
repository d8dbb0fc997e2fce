/**
 * Shared set-up of the orders integration tests: a throwaway seeded database (PostgreSQL when
 * asked, else PGlite), shoppers, SKUs, a local HTTP endpoint that receives the sandbox gateway's
 * webhooks like the real server route does, and helpers that play the shopper's browser.
 */
import { randomBytes } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import path from 'node:path'
import { and, eq, isNull, sql } from 'drizzle-orm'
import { afterAll, beforeAll } from 'vitest'
import { config } from '../../app.config'
import { createOrder } from '../../src/modules/orders/create-order.server'
import type { CreateOrderInput } from '../../src/modules/orders/orders.schemas'
import { startPayment } from '../../src/modules/payments/start-payment.server'
import { receiveWebhook } from '../../src/modules/payments/webhook.server'
import { type Db } from '../../src/server/db/client'
import * as t from '../../src/server/db/schema'
import { openThrowawayDb, type TestDb } from './throwaway-db'
import { wireApp } from '../../src/app/wiring'
import { drainJobs } from '../../src/server/jobs/worker'
import {
  getTransaction,
  submitCard,
  submitChallenge,
  walletDecision,
} from '../../src/server/payments/sandbox/gateway.server'

export { PG_URL, type TestDb } from './throwaway-db'

export async function openTestDb(driver: 'pglite' | 'postgres', poolSize = 10): Promise<TestDb> {
  const test = await openThrowawayDb({ driver, prefix: 'ord', poolSize })
  wireApp()
  return test
}

/**
 * One PGlite database for the whole test file (opened before its tests, closed after): `db()` in a
 * test returns it. Files that need PostgreSQL open their own with openTestDb('postgres').
 */
export function pgliteForFile(): () => Db {
  let tdb: TestDb | undefined
  beforeAll(async () => {
    testDataDir()
    tdb = await openTestDb('pglite')
  }, 60_000)
  afterAll(async () => {
    await tdb?.close()
  })
  return () => {
    if (!tdb) throw new Error('the test database is not open yet')
    return tdb.db
  }
}

/** Where this test file writes mail: its own data directory (ordersConfigForFile in test-config.ts). */
export function testDataDir(): string {
  const dir = config().DATA_DIR
  if (!path.basename(dir).startsWith('orders-data-')) {
    throw new Error('call ordersConfigForFile() (test-config.ts) at the top of the test file')
  }
  return dir
}

export async function makeUser(db: Db, label = 'buyer'): Promise<string> {
  const email = `${label}-${randomBytes(5).toString('hex')}@example.com`
  const [u] = await db.insert(t.users).values({ email, username: label }).returning({ id: t.users.id })
  return u!.id
}

export interface SkuPick {
  skuId: number
  price: number
  gameId: number
  playerFields: { key: string; options?: { value: string }[] }[]
}

/** A SKU of a top-up game (kind 'topup') or a code product (kind 'currency') with its USD price. */
export async function pickSku(db: Db, kind: 'topup' | 'currency', currency = 'USD', nth = 0): Promise<SkuPick> {
  const rows = await db
    .select({ skuId: t.skus.id, price: t.skuPrices.amountMinor, gameId: t.games.id, fields: t.games.playerFields })
    .from(t.skus)
    .innerJoin(t.offers, eq(t.offers.id, t.skus.offerId))
    .innerJoin(t.games, eq(t.games.id, t.offers.gameId))
    .innerJoin(t.skuPrices, and(eq(t.skuPrices.skuId, t.skus.id), eq(t.skuPrices.currency, currency)))
    .where(
      and(
        eq(t.games.kind, kind),
        kind === 'currency'
          ? sql`exists (select 1 from game_codes c where c.sku_id = ${t.skus.id} and c.order_id is null)`
          : undefined,
      ),
    )
    .orderBy(t.games.id, t.skus.id)
  const r = rows[nth]!
  return { skuId: r.skuId, price: r.price, gameId: r.gameId, playerFields: r.fields }
}

/** Player details that satisfy the game's fields. */
export function playerFor(sku: SkuPick, playerId = '123456789'): { playerId?: string; server?: string } {
  if (!sku.playerFields.some((f) => f.key === 'playerId')) return {}
  const server = sku.playerFields.find((f) => f.key === 'server')?.options?.[0]?.value
  return { playerId, ...(server ? { server } : {}) }
}

export function orderInput(sku: SkuPick, over: Partial<CreateOrderInput> = {}): CreateOrderInput {
  return {
    items: [{ skuId: sku.skuId, quantity: 1 }],
    currency: 'USD',
    player: playerFor(sku),
    idempotencyKey: `key-${randomBytes(8).toString('hex')}`,
    ...over,
  }
}

/** Receives the gateway's webhooks over HTTP and hands them to the same use case as the route. */
export async function startWebhookEndpoint(
  db: Db,
): Promise<{ url: string; hits: () => number; close(): Promise<void> }> {
  let hits = 0
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      hits++
      const headers = new Headers()
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v)
      receiveWebhook(db, 'sandbox', headers, Buffer.concat(chunks).toString('utf8')).then(
        (outcome) => {
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ outcome }))
        },
        (err: { status?: number }) => {
          res.writeHead(err.status ?? 500).end()
        },
      )
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as { port: number }).port
  return {
    url: `http://127.0.0.1:${port}/api/pay/webhooks/sandbox`,
    hits: () => hits,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections() // keep-alive sockets would hold close() for seconds
      }),
  }
}

/**
 * Runs jobs until nothing is left, pulling forward deliberately delayed ones (duplicate webhook
 * deliveries, retries) but never expiry (of unpaid orders, of a player-fix window), a refund
 * choice's deadline or affiliate jobs.
 */
export async function settle(db: Db, opts: { includeExpiry?: boolean } = {}): Promise<void> {
  // The refund choice's deadline is on the app clock (ADR 116): its tests move the clock and run it.
  const skip = [
    'affiliate.order-paid',
    'affiliate.order-delivered',
    'affiliate.order-refunded',
    'orders.refund-choice-expired',
  ]
  if (!opts.includeExpiry) skip.push('orders.expire', 'orders.player-fix-expired')
  for (let round = 0; round < 20; round++) {
    await drainJobs(db)
    const pulled = await db
      .update(t.jobs)
      .set({ runAt: sql`now()` })
      .where(
        and(
          isNull(t.jobs.completedAt),
          isNull(t.jobs.failedAt),
          sql`${t.jobs.queue} not in (${sql.join(
            skip.map((q) => sql`${q}`),
            sql`, `,
          )})`,
          sql`${t.jobs.runAt} > now()`,
        ),
      )
      .returning({ id: t.jobs.id })
    if (pulled.length === 0) {
      if ((await drainJobs(db)) === 0) return
    }
  }
  throw new Error('jobs did not settle')
}

export type Shopper =
  'card-ok' | 'card-3ds-ok' | 'card-3ds-wrong' | 'card-declined' | 'wallet-approve' | 'wallet-cancel'

/** Starts a payment and plays the shopper on the gateway's hosted page. */
export async function pay(
  db: Db,
  userId: string,
  orderId: string,
  how: Shopper,
  webhookUrl: string,
): Promise<{ paymentId: string | null; redirectUrl: string }> {
  const method = how.startsWith('wallet') ? 'wallet' : 'card'
  const started = await startPayment(db, userId, { orderId, method }, { origin: 'http://shop.test', webhookUrl })
  if (!started.paymentId) return started
  const id = new URL(started.redirectUrl).searchParams.get('id')!
  const txn = (await getTransaction(db, id))!
  const card = { expiry: '12/39', cvc: '123' }
  switch (how) {
    case 'card-ok':
      await submitCard(db, txn, { number: '4242424242424242', ...card })
      break
    case 'card-declined':
      await submitCard(db, txn, { number: '4000000000000002', ...card })
      break
    case 'card-3ds-ok':
    case 'card-3ds-wrong':
      await submitCard(db, txn, { number: '4000000000003220', ...card })
      await submitChallenge(db, (await getTransaction(db, id))!, how === 'card-3ds-ok' ? '123456' : '000000')
      break
    case 'wallet-approve':
    case 'wallet-cancel':
      await walletDecision(db, txn, how === 'wallet-approve')
      break
  }
  return started
}

export async function orderStatus(db: Db, orderId: string): Promise<string> {
  const [o] = await db.select({ status: t.orders.status }).from(t.orders).where(eq(t.orders.id, orderId))
  return o!.status
}

export async function jobCount(db: Db, queue: string, orderIds?: string[]): Promise<number> {
  const rows = await db.select({ id: t.jobs.id, payload: t.jobs.payload }).from(t.jobs).where(eq(t.jobs.queue, queue))
  return rows.filter((r) => !orderIds || orderIds.includes((r.payload as { orderId?: string }).orderId ?? '')).length
}

export async function createPaidOrder(db: Db, userId: string, input: CreateOrderInput, webhookUrl: string) {
  const { order } = await createOrder(db, userId, input)
  await pay(db, userId, order.id, 'card-ok', webhookUrl)
  return order.id
}

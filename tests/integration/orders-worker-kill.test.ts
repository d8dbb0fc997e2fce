/**
 * Crash safety of the job worker: a worker process is SIGKILLed (twice) while fulfilment, mail
 * and webhook jobs are in flight; after restarts every order is delivered exactly once, every
 * code is allocated once, nothing is left behind.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeOnPostgres } from './throwaway-db'
import { createOrder } from '../../src/modules/orders/create-order.server'
import * as t from '../../src/server/db/schema'
import {
  makeUser,
  openTestDb,
  orderInput,
  pay,
  pickSku,
  startWebhookEndpoint,
  testDataDir,
  type TestDb,
} from './orders-fixtures'
import { ordersConfigForFile } from './test-config'

const TEST_DATA_DIR = ordersConfigForFile()

const script = fileURLToPath(new URL('./fixtures/job-worker-process.ts', import.meta.url))
// tsx as a loader inside one process: its CLI would fork a grandchild that outlives SIGKILL.
const tsxLoader = new URL('../../node_modules/tsx/dist/loader.mjs', import.meta.url).href

function startWorker(url: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', tsxLoader, script], {
    env: {
      ...process.env,
      WORKER_DATABASE_URL: url,
      DATA_DIR: TEST_DATA_DIR,
      SANDBOX_SUPPLIER_LATENCY_MS: '250',
      WORKER_LEASE_MS: '2000',
      LOG_LEVEL: 'silent',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      if (d.toString().includes('worker ready')) resolve(child)
    })
    child.on('exit', (code) => reject(new Error(`worker exited early (${code})`)))
  })
}

function kill9(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.removeAllListeners('exit')
    child.on('exit', () => resolve())
    child.kill('SIGKILL')
  })
}

async function waitFor(check: () => Promise<boolean>, ms: number): Promise<void> {
  const until = Date.now() + ms
  while (Date.now() < until) {
    if (await check()) return
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error('timed out')
}

describeOnPostgres('job worker killed with SIGKILL (PostgreSQL)', () => {
  let tdb: TestDb
  let hook: Awaited<ReturnType<typeof startWebhookEndpoint>>
  let worker: ChildProcess | undefined

  beforeAll(async () => {
    testDataDir()
    tdb = await openTestDb('postgres', 6)
    hook = await startWebhookEndpoint(tdb.db)
  })
  afterAll(async () => {
    worker?.kill('SIGKILL')
    await hook?.close()
    await tdb?.close()
  })

  it('completes every order exactly once across kills and restarts', { timeout: 120_000 }, async () => {
    const { db } = tdb
    const user = await makeUser(db)
    const topup = await pickSku(db, 'topup')
    const codes = await pickSku(db, 'currency')
    const orderIds: string[] = []
    for (let i = 0; i < 24; i++) {
      const sku = i % 3 === 0 ? codes : topup
      const { order } = await createOrder(
        db,
        user,
        orderInput(sku, { items: [{ skuId: sku.skuId, quantity: i % 3 === 0 ? 1 : 2 }] }),
      )
      await pay(db, user, order.id, 'card-ok', hook.url)
      orderIds.push(order.id)
    }
    const delivered = async () =>
      (
        await db
          .select({ id: t.orders.id })
          .from(t.orders)
          .where(and(inArray(t.orders.id, orderIds), eq(t.orders.status, 'delivered')))
      ).length

    // Kill only while fulfilment jobs are claimed and running, so their leases must expire.
    const midJob = async () =>
      (
        await db
          .select({ id: t.jobs.id })
          .from(t.jobs)
          .where(
            and(eq(t.jobs.queue, 'orders.fulfil'), isNull(t.jobs.completedAt), sql`${t.jobs.lockToken} is not null`),
          )
      ).length >= 2
    worker = await startWorker(tdb.url!)
    await waitFor(async () => (await delivered()) >= 3 && (await midJob()), 30_000)
    await kill9(worker)
    const afterFirstKill = await delivered()
    expect(afterFirstKill).toBeLessThan(orderIds.length)

    worker = await startWorker(tdb.url!)
    await waitFor(async () => (await delivered()) >= afterFirstKill + 3 && (await midJob()), 30_000)
    await kill9(worker)

    worker = await startWorker(tdb.url!)
    await waitFor(async () => (await delivered()) === orderIds.length, 60_000)
    // Let the last mail jobs finish, then stop.
    await waitFor(
      async () =>
        (
          await db
            .select({ id: t.jobs.id })
            .from(t.jobs)
            .where(
              and(
                isNull(t.jobs.completedAt),
                sql`${t.jobs.queue} in ('orders.fulfil', 'mail.order', 'sandbox-gateway.webhook')`,
              ),
            )
        ).length === 0,
      30_000,
    )
    await kill9(worker)
    worker = undefined

    for (const id of orderIds) {
      const statusEvents = await db
        .select()
        .from(t.orderEvents)
        .where(and(eq(t.orderEvents.orderId, id), eq(t.orderEvents.type, 'status')))
        .orderBy(t.orderEvents.id)
      expect(statusEvents.map((e) => e.toStatus)).toEqual([
        'created',
        'awaiting_payment',
        'paid',
        'fulfilling',
        'delivered',
      ])
      const items = await db.select().from(t.orderItems).where(eq(t.orderItems.orderId, id))
      const allocated = await db.select().from(t.gameCodes).where(eq(t.gameCodes.orderId, id))
      const [{ kind }] = await db
        .select({ kind: t.games.kind })
        .from(t.skus)
        .innerJoin(t.offers, eq(t.offers.id, t.skus.offerId))
        .innerJoin(t.games, eq(t.games.id, t.offers.gameId))
        .where(eq(t.skus.id, items[0]!.skuId))
      if (kind === 'currency') expect(allocated).toHaveLength(items[0]!.quantity)
      else {
        expect(allocated).toHaveLength(0)
        expect(items[0]!.supplierTxnId).toMatch(/^SUP-/)
      }
    }
    const failed = await db
      .select()
      .from(t.jobs)
      .where(sql`${t.jobs.failedAt} is not null`)
    expect(failed).toEqual([])
    // One receipt and one delivery mail per order in the outbox, also for a mail job a kill
    // interrupted between sending and completing (ADR 107).
    const outbox = path.join(TEST_DATA_DIR, 'outbox')
    const mails = readdirSync(outbox).map((f) => readFileSync(path.join(outbox, f), 'utf8'))
    const numbers = await db.select({ number: t.orders.number }).from(t.orders).where(inArray(t.orders.id, orderIds))
    for (const { number } of numbers)
      expect(
        mails.filter((m) => m.includes(number)),
        number,
      ).toHaveLength(2)
    const mailJobs = await db.select().from(t.jobs).where(eq(t.jobs.queue, 'mail.order'))
    const fulfil = await db.select().from(t.jobs).where(eq(t.jobs.queue, 'orders.fulfil'))
    expect(fulfil).toHaveLength(orderIds.length)
    // The kills did interrupt jobs: some ran again after their lease expired.
    expect(fulfil.filter((j) => j.attempts > 1).length).toBeGreaterThan(0)
    console.log(
      `SIGKILL test: ${orderIds.length} orders, fulfilment attempts ${fulfil.reduce((n, j) => n + j.attempts, 0)} (re-runs after kills: ${fulfil.filter((j) => j.attempts > 1).length}); mail jobs run again: ${mailJobs.filter((j) => j.attempts > 1).length}, mails ${mails.length}`,
    )
  })
})

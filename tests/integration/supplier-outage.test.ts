/**
 * Fulfilment across HTTP against the sandbox supplier service (issue 31 acceptance, PostgreSQL):
 * a 20-shopper checkout burst while the supplier is down, then back; dropped, duplicated and
 * forged callbacks. The worker runs in this process with the HTTP adapter (SUPPLIER_URL set), the
 * supplier service and the shop's callback endpoint on free ports. The outage lasts
 * SUPPLIER_OUTAGE_MS (default the 60 s) with a 10 s breaker cool-down.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeOnPostgres } from './throwaway-db'
import { createOrder } from '../../src/modules/orders/create-order.server'
import * as t from '../../src/server/db/schema'
import { resetSupplierBreakers, supplierBreakers } from '../../src/server/fulfilment/http/supplier.server'
import { startSandboxSupplier, type SandboxService } from '../../src/server/fulfilment/sandbox/service.server'
import { SUPPLIER_SIGNATURE_HEADER, SUPPLIER_TIMESTAMP_HEADER } from '../../src/server/fulfilment/protocol'
import { signPayload } from '../../src/server/http/signature'
import { JobWorker } from '../../src/server/jobs/worker'
import { makeUser, openTestDb, orderInput, pay, pickSku, startWebhookEndpoint, type TestDb } from './orders-fixtures'
import { ordersConfigForFile, overrideConfig, withConfig } from './test-config'
import {
  SUPPLIER_QUEUES,
  forgetBalanceReadings,
  readSupplierBalance,
} from '../../src/modules/fulfilment/supplier-balance.server'
import { supplierFigures } from '../../src/modules/fulfilment/supplier-status.server'
import { startCallbackEndpoint, waitFor } from './supplier-fixtures'

const OUTAGE_MS = Number(process.env.SUPPLIER_OUTAGE_MS ?? 60_000)
const COOLDOWN_MS = 10_000
const SECRET = 'outage-test-secret-0123456789'
const TEST_DATA_DIR = ordersConfigForFile()

describeOnPostgres('fulfilment across HTTP: outage, callbacks (PostgreSQL)', () => {
  let tdb: TestDb
  let hook: Awaited<ReturnType<typeof startWebhookEndpoint>>
  let callbacks: Awaited<ReturnType<typeof startCallbackEndpoint>>
  let service: SandboxService
  let worker: JobWorker
  let restore: () => void

  beforeAll(async () => {
    tdb = await openTestDb('postgres', 12)
    hook = await startWebhookEndpoint(tdb.db)
    callbacks = await startCallbackEndpoint(tdb.db)
    service = await startSandboxSupplier({
      port: 0,
      secret: SECRET,
      balanceMinor: 100_000_000,
      deliveryMs: 200,
      statePath: path.join(TEST_DATA_DIR, 'supplier-sandbox.jsonl'),
    })
    restore = overrideConfig({
      SUPPLIER_URL: service.url,
      SUPPLIER_SECRET: SECRET,
      SUPPLIER_CALLBACK_URL: callbacks.url,
      SUPPLIER_BREAKER_FAILURES: '3',
      SUPPLIER_BREAKER_COOLDOWN_MS: String(COOLDOWN_MS),
      SUPPLIER_CALLBACK_WAIT_MS: '3000',
      SUPPLIER_TIMEOUT_MS: '1000',
      SUPPLIER_RETRIES: '1',
      SUPPLIER_RETRY_BASE_MS: '50',
    })
    resetSupplierBreakers()
    worker = new JobWorker(tdb.db, { concurrency: 8, pollMs: 100 })
    worker.start()
  })
  afterAll(async () => {
    await worker?.stop(Date.now() + 5_000)
    restore?.()
    await service?.close()
    await callbacks?.close()
    await hook?.close()
    await tdb?.close()
  })

  const statusOf = async (ids: string[]) =>
    tdb.db.select({ id: t.orders.id, status: t.orders.status }).from(t.orders).where(inArray(t.orders.id, ids))

  /** Each shopper: own account, one top-up order (two lines for every third), paid by card. */
  async function burst(shoppers: number): Promise<string[]> {
    const topup = await pickSku(tdb.db, 'topup')
    return Promise.all(
      Array.from({ length: shoppers }, async (_, i) => {
        const user = await makeUser(tdb.db, `burst-${i}`)
        const items = [{ skuId: topup.skuId, quantity: 1 + (i % 3) }]
        const { order } = await createOrder(tdb.db, user, orderInput(topup, { items }))
        await pay(tdb.db, user, order.id, 'card-ok', hook.url)
        return order.id
      }),
    )
  }

  /** Every line of these orders: one top-up at the supplier, delivered, and noted once here. */
  async function expectDeliveredOnce(ids: string[]) {
    const lines = await tdb.db.select().from(t.orderItems).where(inArray(t.orderItems.orderId, ids))
    for (const line of lines) {
      const references = [...service.topUps.keys()].filter((r) => r.startsWith(`${line.orderId}:${line.id}`))
      expect(references).toEqual([`${line.orderId}:${line.id}`])
      expect(service.topUps.get(references[0]!)).toMatchObject({
        status: 'delivered',
        supplierReference: line.supplierTxnId,
      })
      expect(line.deliveredAt).not.toBeNull()
    }
    const moves = await tdb.db
      .select({ orderId: t.orderEvents.orderId, to: t.orderEvents.toStatus })
      .from(t.orderEvents)
      .where(and(inArray(t.orderEvents.orderId, ids), eq(t.orderEvents.type, 'status')))
      .orderBy(t.orderEvents.id)
    for (const id of ids) {
      expect(moves.filter((m) => m.orderId === id).map((m) => m.to)).toEqual([
        'created',
        'awaiting_payment',
        'paid',
        'fulfilling',
        'delivered',
      ])
    }
  }

  it(
    'a 20-shopper burst during an outage: nothing lost or doubled, all delivered soon after the return, no retry storm',
    { timeout: OUTAGE_MS + 150_000 },
    async () => {
      service.setFaults({ down: true })
      const downAt = Date.now()
      let openedAt: number | undefined
      const watch = setInterval(() => {
        if (openedAt === undefined && supplierBreakers().get('sandbox')?.state === 'open') openedAt = Date.now()
      }, 10)
      const ids = await burst(20)
      const burstMs = Date.now() - downAt
      // The orders are paid and wait in fulfilling, with the shopper told delivery is delayed.
      await waitFor(
        async () => (await statusOf(ids)).every((o) => o.status === 'fulfilling'),
        30_000,
        'all orders fulfilling',
      )
      await waitFor(
        async () =>
          (
            await tdb.db
              .select({ n: sql<number>`count(distinct order_id)::int` })
              .from(t.orderEvents)
              .where(and(inArray(t.orderEvents.orderId, ids), eq(t.orderEvents.type, 'delivery_delayed')))
          )[0]!.n === ids.length,
        30_000,
        'every order noted as delayed',
      )
      const remaining = OUTAGE_MS - (Date.now() - downAt)
      if (remaining > 0) await new Promise((r) => setTimeout(r, remaining))
      expect((await statusOf(ids)).every((o) => o.status === 'fulfilling')).toBe(true)
      service.setFaults({ down: false })
      const backAt = Date.now()
      clearInterval(watch)
      // Calls that reached the supplier after the breaker opened: one probe per cool-down at most.
      // (Half a second of grace: calls sent just before it opened may still be arriving.)
      expect(openedAt).toBeDefined()
      const whileOpen = service.tally.downArrivals.filter((at) => at > openedAt! + 500).length
      const cooldowns = Math.ceil((backAt - openedAt!) / COOLDOWN_MS)
      expect(whileOpen).toBeLessThanOrEqual(cooldowns)

      const tookMs = await waitFor(
        async () => (await statusOf(ids)).every((o) => o.status === 'delivered'),
        120_000,
        'every order delivered after the return',
      )
      expect(tookMs).toBeLessThan(120_000)
      await expectDeliveredOnce(ids)
      const failedJobs = await tdb.db
        .select()
        .from(t.jobs)
        .where(sql`${t.jobs.failedAt} is not null`)
      expect(failedJobs).toEqual([])
      console.log(
        `supplier outage: ${ids.length} paid orders (checkout burst ${(burstMs / 1000).toFixed(1)} s), down ${Math.round((backAt - downAt) / 1000)} s (breaker open after ${Math.round((openedAt! - downAt) / 1000)} s, cool-down ${COOLDOWN_MS / 1000} s); ` +
          `${service.tally.downArrivals.length} calls reached the down supplier, ${whileOpen} of them while the breaker was open (limit ${cooldowns}); ` +
          `all delivered ${(tookMs / 1000).toFixed(1)} s after its return; 0 lost, 0 twice`,
      )
    },
  )

  it('dropped callbacks are completed by polling', { timeout: 60_000 }, async () => {
    service.setFaults({ drop: 1, duplicate: 0 })
    const sentBefore = service.tally.callbacksSent
    const ids = await burst(3)
    await waitFor(async () => (await statusOf(ids)).every((o) => o.status === 'delivered'), 45_000, 'polling')
    expect(service.tally.callbacksSent).toBe(sentBefore)
    expect(service.tally.requests['GET /v1/topups/{reference}']).toBeGreaterThan(0)
    await expectDeliveredOnce(ids)
    service.setFaults({ drop: 0 })
  })

  it(
    'duplicated callbacks change nothing; a forged one is refused and changes nothing',
    { timeout: 60_000 },
    async () => {
      service.setFaults({ duplicate: 1 })
      const answeredBefore = callbacks.answered.length
      const ids = await burst(3)
      await waitFor(async () => (await statusOf(ids)).every((o) => o.status === 'delivered'), 30_000, 'delivery')
      await waitFor(
        async () => callbacks.answered.length - answeredBefore >= 2 * ids.length,
        10_000,
        'the duplicated callbacks',
      )
      await expectDeliveredOnce(ids)
      service.setFaults({ duplicate: 0 })

      // A forged callback for a waiting order: 401, and its job is not woken.
      const [waiting] = await burst(1)
      const job = async () =>
        (
          await tdb.db
            .select()
            .from(t.jobs)
            .where(and(eq(t.jobs.queue, 'orders.fulfil'), sql`${t.jobs.payload}->>'orderId' = ${waiting!}`))
        )[0]
      service.setFaults({ drop: 1 })
      await waitFor(
        async () => ((await job())?.runAt.getTime() ?? 0) > Date.now() + 500,
        15_000,
        'the job waiting for a callback',
      )
      const before = (await job())!
      const body = JSON.stringify({
        event: 'topup.updated',
        reference: `${waiting}:1`,
        supplierReference: 'SUP-FORGED',
        status: 'delivered',
      })
      const ts = Math.floor(Date.now() / 1000)
      const forged = await fetch(callbacks.url, {
        method: 'POST',
        body,
        headers: {
          [SUPPLIER_TIMESTAMP_HEADER]: String(ts),
          [SUPPLIER_SIGNATURE_HEADER]: signPayload('not-the-shared-secret-000', ts, body),
        },
      })
      expect(forged.status).toBe(401)
      expect((await job())!.runAt).toEqual(before.runAt)
      expect((await statusOf([waiting!]))[0]!.status).toBe('fulfilling')
      service.setFaults({ drop: 0 })
      await waitFor(async () => (await statusOf([waiting!]))[0]!.status === 'delivered', 30_000, 'delivery by polling')
      await expectDeliveredOnce([waiting!])
    },
  )

  it('a low balance warns the dashboard and mails the admins once', { timeout: 30_000 }, async () => {
    const admin = await makeUser(tdb.db, 'admin')
    await tdb.db.update(t.users).set({ role: 'admin' }).where(eq(t.users.id, admin))
    await withConfig({ SUPPLIER_LOW_BALANCE_MINOR: String(service.balanceMinor() + 1) }, async () => {
      forgetBalanceReadings()
      const [figure] = await supplierFigures(tdb.db)
      expect(figure).toMatchObject({ name: 'sandbox', breaker: 'closed' })
      expect(figure!.balances).toEqual([{ currency: 'USD', amountMinor: service.balanceMinor(), low: true }])
      forgetBalanceReadings()
      await readSupplierBalance(tdb.db, 'sandbox')
    })
    const mails = await tdb.db.select().from(t.jobs).where(eq(t.jobs.queue, SUPPLIER_QUEUES.lowBalanceMail))
    expect(mails).toHaveLength(1)
    await waitFor(
      async () =>
        (await tdb.db.select().from(t.jobs).where(eq(t.jobs.queue, SUPPLIER_QUEUES.lowBalanceMail)))[0]!.completedAt !==
        null,
      15_000,
      'the low-balance mail',
    )
    const outbox = path.join(TEST_DATA_DIR, 'outbox')
    const sent = readdirSync(outbox).filter((f) =>
      readFileSync(path.join(outbox, f), 'utf8').includes('prepaid balance low'),
    )
    expect(sent).toHaveLength(1)
  })
})

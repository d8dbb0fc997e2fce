/**
 * kill -9 of the shop while it delivers across HTTP (issue 31): a worker process (as an instance
 * runs it, with the HTTP adapter) is SIGKILLed twice while top-ups are in flight at the sandbox
 * supplier service, which lives on in this process. After restarts every line is delivered
 * exactly once: the supplier holds one top-up per reference, some references were asked for
 * again after a kill, and the balance went down once per line.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeOnPostgres } from './throwaway-db'
import { createOrder } from '../../src/modules/orders/create-order.server'
import * as t from '../../src/server/db/schema'
import { startSandboxSupplier, type SandboxService } from '../../src/server/fulfilment/sandbox/service.server'
import { makeUser, openTestDb, orderInput, pay, pickSku, startWebhookEndpoint, type TestDb } from './orders-fixtures'
import { ordersConfigForFile } from './test-config'
import { startCallbackEndpoint, waitFor } from './supplier-fixtures'

const TEST_DATA_DIR = ordersConfigForFile()
const SECRET = 'kill-test-secret-0123456789'
const script = fileURLToPath(new URL('./fixtures/job-worker-process.ts', import.meta.url))
const tsxLoader = new URL('../../node_modules/tsx/dist/loader.mjs', import.meta.url).href

describeOnPostgres('shop killed with SIGKILL while delivering across HTTP (PostgreSQL)', () => {
  let tdb: TestDb
  let hook: Awaited<ReturnType<typeof startWebhookEndpoint>>
  let callbacks: Awaited<ReturnType<typeof startCallbackEndpoint>>
  let service: SandboxService
  let worker: ChildProcess | undefined

  function startWorker(): Promise<ChildProcess> {
    const child = spawn(process.execPath, ['--import', tsxLoader, script], {
      env: {
        ...process.env,
        WORKER_DATABASE_URL: tdb.url!,
        DATA_DIR: TEST_DATA_DIR,
        WORKER_LEASE_MS: '2000',
        LOG_LEVEL: 'silent',
        SUPPLIER_URL: service.url,
        SUPPLIER_SECRET: SECRET,
        SUPPLIER_CALLBACK_URL: callbacks.url,
        SUPPLIER_CALLBACK_WAIT_MS: '1000',
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

  const kill9 = (child: ChildProcess) =>
    new Promise<void>((resolve) => {
      child.removeAllListeners('exit')
      child.on('exit', () => resolve())
      child.kill('SIGKILL')
    })

  beforeAll(async () => {
    tdb = await openTestDb('postgres', 6)
    hook = await startWebhookEndpoint(tdb.db)
    callbacks = await startCallbackEndpoint(tdb.db)
    // Slow answers, so requests are in flight when the worker dies.
    service = await startSandboxSupplier({
      port: 0,
      secret: SECRET,
      balanceMinor: 100_000_000,
      deliveryMs: 300,
      faults: { latencyMs: 250, error5xx: 0, timeout: 0, drop: 0, duplicate: 0, down: false },
      statePath: path.join(TEST_DATA_DIR, 'supplier-sandbox.jsonl'),
    })
  })
  afterAll(async () => {
    worker?.kill('SIGKILL')
    await service?.close()
    await callbacks?.close()
    await hook?.close()
    await tdb?.close()
  })

  it('delivers every line exactly once across kills and restarts', { timeout: 150_000 }, async () => {
    const { db } = tdb
    const topup = await pickSku(db, 'topup')
    const ids: string[] = []
    for (let i = 0; i < 16; i++) {
      const user = await makeUser(db, `kill-${i}`)
      const { order } = await createOrder(
        db,
        user,
        orderInput(topup, { items: [{ skuId: topup.skuId, quantity: 1 + (i % 2) }] }),
      )
      await pay(db, user, order.id, 'card-ok', hook.url)
      ids.push(order.id)
    }
    const balanceBefore = service.balanceMinor()
    const delivered = async () =>
      (
        await db
          .select({ id: t.orders.id })
          .from(t.orders)
          .where(and(inArray(t.orders.id, ids), eq(t.orders.status, 'delivered')))
      ).length
    const midJob = async () =>
      (
        await db
          .select({ id: t.jobs.id })
          .from(t.jobs)
          .where(
            and(eq(t.jobs.queue, 'orders.fulfil'), isNull(t.jobs.completedAt), sql`${t.jobs.lockToken} is not null`),
          )
      ).length >= 2

    worker = await startWorker()
    await waitFor(async () => (await delivered()) >= 2 && (await midJob()), 45_000, 'deliveries in flight')
    await kill9(worker)
    const afterFirst = await delivered()
    expect(afterFirst).toBeLessThan(ids.length)
    worker = await startWorker()
    await waitFor(async () => (await delivered()) >= afterFirst + 2 && (await midJob()), 45_000, 'more in flight')
    await kill9(worker)
    worker = await startWorker()
    await waitFor(async () => (await delivered()) === ids.length, 60_000, 'every order delivered')
    await kill9(worker)
    worker = undefined

    const lines = await db.select().from(t.orderItems).where(inArray(t.orderItems.orderId, ids))
    let units = 0
    for (const line of lines) {
      const reference = `${line.orderId}:${line.id}`
      expect([...service.topUps.keys()].filter((r) => r.startsWith(`${line.orderId}:`))).toEqual([reference])
      expect(service.topUps.get(reference)).toMatchObject({
        status: 'delivered',
        supplierReference: line.supplierTxnId,
      })
      units += service.topUps.get(reference)!.units
    }
    expect(balanceBefore - service.balanceMinor()).toBe(units)
    const askedAgain = [...service.tally.posts.values()].filter((n) => n > 1).length
    console.log(
      `SIGKILL across HTTP: ${ids.length} orders, ${lines.length} lines, each one top-up at the supplier; ` +
        `${askedAgain} references were POSTed again after a kill (answered from the first top-up)`,
    )
  })
})

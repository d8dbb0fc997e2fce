/**
 * Issue 31's quick start: `npm start` (scripts/start.mjs) without SUPPLIER_URL runs the sandbox
 * supplier as its own HTTP service beside the shop, and the shop delivers through it over HTTP
 * (the service's state file holds the order's top-up). A supplier outage leaves /readyz at 200
 * (the shop stays in the load balancer), and the service ends with the shop, even after a kill -9.
 * PostgreSQL: the shopper's session is written straight into the database, as the bench does.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { checkout, shoppers } from '../../scripts/bench/checkout.mjs'
import { SUPPLIER_SIGNATURE_HEADER, SUPPLIER_TIMESTAMP_HEADER } from '../../src/server/fulfilment/protocol'
import { signPayload } from '../../src/server/http/signature'
import * as t from '../../src/server/db/schema'
import { freePorts, waitUntilReady } from './auth-helpers'
import { createThrowawayDatabase, describeOnPostgres, type ThrowawayDatabase } from './throwaway-db'
import { waitFor } from './supplier-fixtures'
import type { DbHandle } from '../../src/server/db/client'

const ROOT = path.resolve(import.meta.dirname, '../..')
const SECRET = 'start-supplier-secret-0123456789'

describeOnPostgres('npm start: the sandbox supplier as its own service beside the shop (PostgreSQL)', () => {
  let database: ThrowawayDatabase
  let handle: DbHandle
  let shop: ChildProcess
  let dataDir: string
  let base: string
  let supplier: string
  const logs: string[] = []

  beforeAll(async () => {
    database = await createThrowawayDatabase('postgres', 'start_supplier')
    dataDir = mkdtempSync(path.join(tmpdir(), 'start-supplier-'))
    const [port, supplierPort] = await freePorts(2)
    base = `http://127.0.0.1:${port}`
    supplier = `http://127.0.0.1:${supplierPort}`
    const { SUPPLIER_URL: _unset, ...env } = process.env
    shop = spawn(process.execPath, ['scripts/start.mjs'], {
      cwd: ROOT,
      env: {
        ...env,
        ...database.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_ORIGIN: base,
        SEED_CATALOG: 'true',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        SHUTDOWN_DRAIN_MS: '0',
        SUPPLIER_SANDBOX_PORT: String(supplierPort),
        SUPPLIER_SECRET: SECRET,
        SANDBOX_SUPPLIER_LATENCY_MS: '50',
        SUPPLIER_CALLBACK_WAIT_MS: '1000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    shop.stdout!.on('data', (chunk: Buffer) => logs.push(chunk.toString()))
    shop.stderr!.on('data', (chunk: Buffer) => logs.push(chunk.toString()))
    await waitUntilReady(base, logs)
    handle = await database.open({ poolSize: 2 })
  })

  afterAll(async () => {
    if (shop && shop.exitCode === null && shop.signalCode === null) shop.kill('SIGKILL')
    await handle?.close()
    await database?.drop()
    if (dataDir) rmSync(dataDir, { recursive: true, force: true })
  })

  const reachable = (url: string) =>
    fetch(url).then(
      () => true,
      () => false,
    )

  it('delivers a paid order through the service over HTTP', { timeout: 60_000 }, async () => {
    // The service answers on SUPPLIER_SANDBOX_PORT, and only to signed requests.
    const unsigned = await fetch(`${supplier}/v1/balance`)
    expect(unsigned.status).toBe(400)
    expect(await unsigned.json()).toMatchObject({ code: 'missing_signature' })

    const { cookies, skuId } = await shoppers(database.url!, 1)
    await checkout(base, cookies[0]!, skuId, { statusRequests: 0 })
    const [order] = await handle.db.select({ id: t.orders.id }).from(t.orders)
    const status = async () =>
      (await handle.db.select({ status: t.orders.status }).from(t.orders).where(eq(t.orders.id, order!.id)))[0]!.status
    await waitFor(async () => (await status()) === 'delivered', 30_000, 'the order delivered')
    // The service's own record (its JSON-lines state) holds the order line's top-up, delivered.
    const topUps = readFileSync(path.join(dataDir, 'supplier-sandbox.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { kind: string; record?: { reference: string; status: string } })
      .filter((line) => line.kind === 'topup' && line.record!.reference.startsWith(`${order!.id}:`))
    expect(topUps.map((line) => line.record!.status)).toContain('delivered')
  })

  it('stays ready while the supplier is down, and the service ends with the shop', { timeout: 60_000 }, async () => {
    const raw = JSON.stringify({ down: true })
    const ts = Math.floor(Date.now() / 1000)
    const faults = await fetch(`${supplier}/sandbox/faults`, {
      method: 'POST',
      body: raw,
      headers: { [SUPPLIER_TIMESTAMP_HEADER]: String(ts), [SUPPLIER_SIGNATURE_HEADER]: signPayload(SECRET, ts, raw) },
    })
    expect(faults.status).toBe(200)
    const now = Math.floor(Date.now() / 1000)
    const balance = fetch(`${supplier}/v1/balance`, {
      headers: { [SUPPLIER_TIMESTAMP_HEADER]: String(now), [SUPPLIER_SIGNATURE_HEADER]: signPayload(SECRET, now, '') },
    })
    await expect(balance).rejects.toThrow() // the connection is cut, as if it were down
    for (let i = 0; i < 3; i++) {
      const ready = await fetch(`${base}/readyz`)
      expect(ready.status).toBe(200)
      expect(await ready.json()).toMatchObject({ ready: true })
    }

    const exited = new Promise((resolve) => shop.once('exit', resolve))
    shop.kill('SIGKILL')
    await exited
    await waitFor(
      async () => !(await reachable(`${supplier}/sandbox/faults`)),
      10_000,
      'the service gone with the shop',
    )
  })
})

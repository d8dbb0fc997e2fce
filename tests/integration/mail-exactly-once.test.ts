/**
 * Issue 12 §10: an order mail is sent once even when the worker dies between sending it and
 * completing its job. A worker process sends the receipt and is SIGKILLed before completion; the
 * job's lease expires, a fresh worker runs it again, and the outbox still holds one mail.
 * PostgreSQL (two processes share the database).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createOrder } from '../../src/modules/orders/create-order.server'
import * as t from '../../src/server/db/schema'
import { enqueue } from '../../src/server/jobs/queue'
import { PG_URL, makeUser, openTestDb, orderInput, pickSku, testDataDir, type TestDb } from './orders-fixtures'
import { ordersConfigForFile } from './test-config'

const TEST_DATA_DIR = ordersConfigForFile()

const script = fileURLToPath(new URL('./fixtures/mail-worker-process.ts', import.meta.url))
const tsxLoader = new URL('../../node_modules/tsx/dist/loader.mjs', import.meta.url).href

function startWorker(url: string, hang: boolean, onLine: (line: string) => void): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', tsxLoader, script], {
    env: {
      ...process.env,
      WORKER_DATABASE_URL: url,
      DATA_DIR: TEST_DATA_DIR,
      WORKER_LEASE_MS: '1500',
      HANG_AFTER_MAIL: hang ? '1' : '0',
      LOG_LEVEL: 'silent',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      for (const line of d.toString().split('\n')) if (line) onLine(line)
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

async function until(check: () => Promise<boolean> | boolean, ms: number): Promise<void> {
  const end = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 100))
  }
}

const mailsFor = (orderNumber: string) => {
  const dir = path.join(TEST_DATA_DIR, 'outbox')
  let files: string[] = []
  try {
    files = readdirSync(dir)
  } catch {
    return []
  }
  return files.map((f) => readFileSync(path.join(dir, f), 'utf8')).filter((m) => m.includes(orderNumber))
}

describe.skipIf(!PG_URL)('order mail across a worker crash (PostgreSQL)', () => {
  let tdb: TestDb
  let worker: ChildProcess | undefined

  beforeAll(async () => {
    testDataDir()
    tdb = await openTestDb('postgres', 4)
  })
  afterAll(async () => {
    if (worker) await kill9(worker)
    await tdb?.close()
  })

  it('SIGKILL between sending and completing: one mail', { timeout: 120_000 }, async () => {
    const { db } = tdb
    const user = await makeUser(db)
    const { order } = await createOrder(db, user, orderInput(await pickSku(db, 'topup')))
    const jobId = await db.transaction((tx) =>
      enqueue(tx, {
        queue: 'mail.order',
        payload: { orderId: order.id, kind: 'receipt' },
        dedupeKey: `mail:receipt:${order.id}`,
      }),
    )
    const job = async () => (await db.select().from(t.jobs).where(eq(t.jobs.id, jobId!)))[0]!

    let sent = false
    worker = await startWorker(tdb.url!, true, (line) => {
      if (line === `mail sent ${jobId}`) sent = true
    })
    await until(() => sent, 30_000)
    await kill9(worker)
    worker = undefined
    // The crash window: the mail is out, the job is not done.
    expect(mailsFor(order.number)).toHaveLength(1)
    expect((await job()).completedAt).toBeNull()

    worker = await startWorker(tdb.url!, false, () => {})
    await until(async () => (await job()).completedAt !== null, 30_000)
    const done = await job()
    expect(done.attempts).toBe(2) // it did run again after the lease expired...
    expect(mailsFor(order.number)).toHaveLength(1) // ...and sent nothing the second time
    const [mail] = mailsFor(order.number)
    expect(mail).toMatch(/^Message-ID: <[0-9a-f]{32}@/im)
  })
})

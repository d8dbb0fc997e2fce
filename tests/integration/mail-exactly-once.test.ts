/**
 * Issue 12 §10: an order mail is sent once even when the worker dies just after sending it. A
 * worker process sends the receipt and is SIGKILLed as its handler returns: the job is already
 * complete (sending and completing are back to back, issue 11), so no worker runs it again and the
 * outbox holds one mail. Killed between sending and completing, the job runs again and sends the
 * mail again (at least once, ADR 107): the same Message-ID, and the outbox still holds one file. A
 * job marked done by the earlier scheme (`_effectDoneAt`, then completed) sends nothing when it
 * runs again. PostgreSQL (two processes share the database).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createOrder } from '../../src/modules/orders/create-order.server'
import * as t from '../../src/server/db/schema'
import { wireApp } from '../../src/app/wiring'
import { enqueue } from '../../src/server/jobs/queue'
import { drainJobs } from '../../src/server/jobs/worker'
import { makeUser, openTestDb, orderInput, pickSku, testDataDir, type TestDb } from './orders-fixtures'
import { ordersConfigForFile } from './test-config'
import { describeOnPostgres } from './throwaway-db'

const TEST_DATA_DIR = ordersConfigForFile()

const script = fileURLToPath(new URL('./fixtures/mail-worker-process.ts', import.meta.url))
const tsxLoader = new URL('../../node_modules/tsx/dist/loader.mjs', import.meta.url).href

type Hang = 'after mail' | 'before complete' | 'no'

function startWorker(url: string, hang: Hang, onLine: (line: string) => void): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', tsxLoader, script], {
    env: {
      ...process.env,
      WORKER_DATABASE_URL: url,
      DATA_DIR: TEST_DATA_DIR,
      WORKER_LEASE_MS: '1500',
      HANG_AFTER_MAIL: hang === 'after mail' ? '1' : '0',
      HANG_BEFORE_COMPLETE: hang === 'before complete' ? '1' : '0',
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

describeOnPostgres('order mail across a worker crash (PostgreSQL)', () => {
  let tdb: TestDb
  let worker: ChildProcess | undefined

  beforeAll(async () => {
    testDataDir()
    // This process runs jobs too (drainJobs): one left undone would be claimed and run here.
    wireApp()
    tdb = await openTestDb('postgres', 4)
  })
  afterAll(async () => {
    if (worker) await kill9(worker)
    await tdb?.close()
  })

  /** A new order of a new user, and its receipt's mail job (`extra` goes into the payload). */
  async function receiptJob(extra: Record<string, unknown> = {}) {
    const { db } = tdb
    const user = await makeUser(db)
    const { order } = await createOrder(db, user, orderInput(await pickSku(db, 'topup')))
    const jobId = await db.transaction((tx) =>
      enqueue(tx, {
        queue: 'mail.order',
        payload: { orderId: order.id, kind: 'receipt', ...extra },
        dedupeKey: `mail:receipt:${order.id}`,
      }),
    )
    const job = async () => (await db.select().from(t.jobs).where(eq(t.jobs.id, jobId!)))[0]!
    return { order, jobId, job }
  }

  /** A worker process runs the job and is SIGKILLed where `hang` says, once the mail is out. */
  async function sendThenDie(jobId: number, hang: Hang) {
    let sent = false
    worker = await startWorker(tdb.url!, hang, (line) => {
      if (line === `mail sent ${jobId}`) sent = true
    })
    await until(() => sent, 30_000)
    await kill9(worker)
    worker = undefined
  }

  it('SIGKILL right after sending: one mail, and the job is done', { timeout: 120_000 }, async () => {
    const { db } = tdb
    const { order, jobId, job } = await receiptJob()

    await sendThenDie(jobId!, 'after mail')
    // Killed right after sending: the mail is out and the job is done, so nothing runs it again.
    expect(mailsFor(order.number)).toHaveLength(1)
    const done = await job()
    expect(done.completedAt).not.toBeNull()
    expect(done.attempts).toBe(1)
    expect(await drainJobs(db)).toBe(0)
    expect(mailsFor(order.number)).toHaveLength(1)
    const [mail] = mailsFor(order.number)
    expect(mail).toMatch(/^Message-ID: <[0-9a-f]{32}@/im)
  })

  it(
    'SIGKILL between sending and completing: the job runs again, the outbox still holds one mail',
    { timeout: 120_000 },
    async () => {
      const { db } = tdb
      const { order, jobId, job } = await receiptJob()

      await sendThenDie(jobId!, 'before complete')
      const [first] = mailsFor(order.number)
      expect((await job()).completedAt).toBeNull()
      // The lease (1.5 s) runs out and this process runs the job again: the same mail, same Message-ID.
      await until(async () => (await drainJobs(db)) > 0, 30_000)
      const done = await job()
      expect(done.completedAt).not.toBeNull()
      expect(done.attempts).toBe(2)
      expect(mailsFor(order.number)).toEqual([first])
    },
  )

  it('a job whose mail an earlier run marked as sent sends nothing and completes', async () => {
    const { order, job } = await receiptJob({ _effectDoneAt: new Date().toISOString() })
    expect(await drainJobs(tdb.db)).toBe(1)
    expect((await job()).completedAt).not.toBeNull()
    expect(mailsFor(order.number)).toHaveLength(0)
  })
})

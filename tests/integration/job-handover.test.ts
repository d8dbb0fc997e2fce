/**
 * Jobs queued by this process go to its own worker already claimed, once their transaction has
 * committed (issue 11: no claim query for them): never for a transaction or savepoint that rolled
 * back, and through the ordinary claim when the worker has no room.
 */
import { eq, sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import type { Db } from '../../src/server/db/client'
import * as t from '../../src/server/db/schema'
import { enqueue } from '../../src/server/jobs/queue'
import { registerJobHandler } from '../../src/server/jobs/registry'
import { JobWorker } from '../../src/server/jobs/worker'
import { describeOnEachDriver, openThrowawayDb, type TestDb } from './throwaway-db'

const QUEUE = 'test.handover'
const OTHER = 'test.handover.other'

describeOnEachDriver('jobs handed to this process’s worker', (driver) => {
  let tdb: TestDb
  let db: Db
  let worker: JobWorker | undefined
  const ran: string[] = []
  let release = () => {}
  let hold: Promise<void> | undefined
  const waiters = new Map<string, () => void>()
  const whenRan = (key: string) => new Promise<void>((resolve) => waiters.set(key, resolve))

  beforeAll(async () => {
    tdb = await openThrowawayDb({ driver, prefix: 'handover', seed: false })
    db = tdb.db
    const handler = async ({ key }: { key: string }) => {
      ran.push(key)
      waiters.get(key)?.()
      if (key.startsWith('busy')) await hold
    }
    registerJobHandler(QUEUE, handler)
    registerJobHandler(OTHER, handler)
  })
  afterEach(async () => {
    release()
    await worker?.stop()
    worker = undefined
    ran.length = 0
  })
  afterAll(async () => {
    await tdb?.close()
  })

  /** A worker whose own poll would not come round during a test: only a hand-over or a wake runs jobs. */
  const startWorker = (concurrency = 4) => {
    worker = new JobWorker(db, { concurrency, pollMs: 60_000 })
    worker.start()
  }
  const row = async (key: string) =>
    (
      await db
        .select()
        .from(t.jobs)
        .where(sql`${t.jobs.payload}->>'key' = ${key}`)
    )[0]

  it('a job queued in a transaction is claimed as it is inserted and runs once that commits', async () => {
    startWorker()
    const done = whenRan('committed')
    let inside: typeof t.jobs.$inferSelect | undefined
    await db.transaction(async (tx) => {
      const id = await enqueue(tx, { queue: QUEUE, payload: { key: 'committed' } })
      ;[inside] = await tx.select().from(t.jobs).where(eq(t.jobs.id, id!))
      expect(ran).toEqual([]) // not before the commit
    })
    expect(inside).toMatchObject({ attempts: 1 })
    expect(inside!.lockToken).not.toBeNull()
    expect(inside!.lockedUntil).not.toBeNull()
    await done
    await expect.poll(async () => (await row('committed'))?.completedAt ?? null).not.toBeNull()
    expect(ran).toEqual(['committed'])
    expect((await row('committed'))!.attempts).toBe(1)
  })

  it('a rolled-back transaction, or savepoint, hands nothing over', async () => {
    startWorker()
    await expect(
      db.transaction(async (tx) => {
        await enqueue(tx, { queue: QUEUE, payload: { key: 'rolled-back' } })
        throw new Error('changed my mind')
      }),
    ).rejects.toThrow('changed my mind')
    const outer = whenRan('outer')
    await db.transaction(async (tx) => {
      await enqueue(tx, { queue: QUEUE, payload: { key: 'outer' } })
      await tx
        .transaction(async (savepoint) => {
          await enqueue(savepoint, { queue: QUEUE, payload: { key: 'savepoint' } })
          throw new Error('undo the savepoint')
        })
        .catch(() => {})
    })
    await outer
    await worker!.stop()
    worker = undefined
    expect(ran).toEqual(['outer'])
    expect(await row('rolled-back')).toBeUndefined()
    expect(await row('savepoint')).toBeUndefined()
  })

  it('a worker with no room leaves the job unclaimed for its regular claim', async () => {
    startWorker(1)
    hold = new Promise((resolve) => (release = resolve))
    const busy = whenRan('busy')
    await enqueue(db, { queue: QUEUE, payload: { key: 'busy' } })
    await busy // the one slot is taken until `release`
    await enqueue(db, { queue: QUEUE, payload: { key: 'waits' } })
    const waiting = await row('waits')
    expect(waiting).toMatchObject({ attempts: 0, lockToken: null })
    const waits = whenRan('waits')
    release()
    await waits // the freed slot's claim finds it
    expect(ran).toEqual(['busy', 'waits'])
  })

  it('a queue with every slot taken holds back no other queue, handed over or claimed', async () => {
    startWorker(1)
    hold = new Promise((resolve) => (release = resolve))
    const busy = whenRan('busy-slow')
    await enqueue(db, { queue: QUEUE, payload: { key: 'busy-slow' } })
    await busy // QUEUE's one slot waits (a supplier) until `release`
    const handed = whenRan('handed')
    await enqueue(db, { queue: OTHER, payload: { key: 'handed' } })
    await handed // OTHER has a slot of its own: handed over at once
    // Queued behind this worker's back (another instance's inserts), then news of a job it
    // cannot take: the claim that follows takes OTHER's job and none of QUEUE's.
    await db.insert(t.jobs).values([
      { queue: QUEUE, payload: { key: 'queued-behind' } },
      { queue: OTHER, payload: { key: 'claimed' } },
    ])
    const claimed = whenRan('claimed')
    await enqueue(db, { queue: QUEUE, payload: { key: 'queued-last' } })
    await claimed
    expect(ran).toEqual(['busy-slow', 'handed', 'claimed'])
    expect(await row('queued-behind')).toMatchObject({ attempts: 0, lockToken: null })
    // QUEUE's slot frees: its waiting jobs are claimed at once, oldest first (the poll is a minute away).
    const last = whenRan('queued-last')
    release()
    await last
    expect(ran).toEqual(['busy-slow', 'handed', 'claimed', 'queued-behind', 'queued-last'])
  })
})

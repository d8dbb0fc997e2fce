/**
 * Gauges read when Prometheus scrapes: the job queues (one query; the same answer on every
 * instance, so alert on max()) and this instance's pool. A database that does not answer within
 * a second leaves the last values and never holds up the scrape.
 */
import { sql } from 'drizzle-orm'
import { isReady } from '~/server/db/availability'
import { shuttingDown } from '~/server/shutdown'
import { getDb, poolCounts, selectRows } from '~/server/db/client'
import { registeredQueues } from '~/server/jobs/registry'
import { log } from '~/server/log'
import { dbPoolConnections, jobsOldestAge, jobsWaiting, ready } from './registry'

const QUERY_TIMEOUT_MS = 1_000

export async function collectAtScrape(): Promise<void> {
  ready.set(isReady() && !shuttingDown() ? 1 : 0)
  const pool = poolCounts()
  if (pool) {
    dbPoolConnections.set({ state: 'in_use' }, pool.total - pool.idle)
    dbPoolConnections.set({ state: 'idle' }, pool.idle)
    dbPoolConnections.set({ state: 'waiting' }, pool.waiting)
  }
  if (!isReady()) return
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), QUERY_TIMEOUT_MS)
  })
  try {
    const rows = await Promise.race([waitingJobs(), timeout])
    if (!rows) return
    const byQueue = new Map(rows.map((r) => [r.queue, r]))
    // A queue no worker registers shows while it has waiting jobs, and goes when it has none.
    jobsWaiting.reset()
    jobsOldestAge.reset()
    for (const queue of new Set([...registeredQueues(), ...byQueue.keys()])) {
      const row = byQueue.get(queue)
      jobsWaiting.set({ queue }, row?.waiting ?? 0)
      jobsOldestAge.set({ queue }, row?.oldest ?? 0)
    }
  } catch (err) {
    log.warn({ err }, 'metrics: could not read the job queues')
  } finally {
    clearTimeout(timer)
  }
}

async function waitingJobs(): Promise<{ queue: string; waiting: number; oldest: number }[]> {
  // Due, neither done nor given up, and nobody holds a live lease on it.
  return selectRows(
    await getDb(),
    sql`select queue, count(*)::int as waiting,
          coalesce(extract(epoch from now() - min(run_at)), 0)::float8 as oldest
        from jobs
        where completed_at is null and failed_at is null and run_at <= now()
          and (locked_until is null or locked_until < now())
        group by queue`,
  )
}

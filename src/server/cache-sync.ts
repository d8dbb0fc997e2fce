/**
 * Notices between instances sharing one PostgreSQL database, on one dedicated LISTEN connection.
 * Cache invalidation: invalidate() publishes the namespaces with NOTIFY and every instance drops
 * what another instance wrote; a lost connection may have missed notices, so a (re)connect drops
 * everything. Other modules subscribe to channels of their own (onNotice), e.g. order status
 * changes for long polls. The embedded database is single-process: nothing to share there.
 */
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { Client } from 'pg'
import { CACHE_NAMESPACES, invalidateLocally, setInvalidationPublisher, type CacheNamespace } from './cache'
import type { Db } from './db/client'
import { log } from './log'

const CHANNEL = 'app_cache'
/** Tells this instance's own notices apart (it has already applied them). */
const INSTANCE = randomUUID()
const RECONNECT_MS = [100, 500, 2_000, 5_000]

let listener: Client | undefined
let connected = false
let stopped = false
const handlers = new Map<string, (payload: string) => void>()

/** Calls `handler` with the payload of every NOTIFY on `channel` (a plain identifier). */
export function onNotice(channel: string, handler: (payload: string) => void): void {
  if (!/^[a-z_]+$/.test(channel)) throw new Error(`bad channel name ${channel}`)
  handlers.set(channel, handler)
  if (connected) void listener?.query(`listen ${channel}`).catch(() => {})
}

function parse(payload: string | undefined): { from: string; namespaces: CacheNamespace[] } | undefined {
  const [from, list] = (payload ?? '').split(' ')
  if (!from || !list) return undefined
  const namespaces = list.split(',').filter((ns): ns is CacheNamespace => CACHE_NAMESPACES.includes(ns as never))
  return { from, namespaces }
}

async function listen(url: string, attempt = 0): Promise<void> {
  if (stopped) return
  const client = new Client({ connectionString: url })
  const retry = () => {
    if (listener !== client || stopped) return
    listener = undefined
    connected = false
    const delay = RECONNECT_MS[Math.min(attempt, RECONNECT_MS.length - 1)]
    setTimeout(() => void listen(url, attempt + 1), delay).unref()
  }
  listener = client
  client.on('notification', (message) => {
    if (message.channel !== CHANNEL) return handlers.get(message.channel)?.(message.payload ?? '')
    const notice = parse(message.payload)
    if (notice && notice.from !== INSTANCE) invalidateLocally(notice.namespaces)
  })
  client.on('error', (err) => {
    log.warn({ err: err.message }, 'cache sync connection lost')
    void client.end().catch(() => {})
    retry()
  })
  client.on('end', retry)
  try {
    await client.connect()
    for (const channel of [CHANNEL, ...handlers.keys()]) await client.query(`listen ${channel}`)
    connected = true
    attempt = 0
    // Notices sent while this instance was not listening are lost: start from a clean slate.
    invalidateLocally(CACHE_NAMESPACES)
  } catch (err) {
    log.warn({ err: (err as Error).message }, 'cache sync could not listen')
    void client.end().catch(() => {})
    retry()
  }
}

/** Starts listening and publishing; call once at boot on PostgreSQL. */
export async function startCacheSync(url: string, db: Db): Promise<void> {
  stopped = false
  setInvalidationPublisher(async (namespaces) => {
    await db.execute(sql`select pg_notify(${CHANNEL}, ${`${INSTANCE} ${namespaces.join(',')}`})`)
  })
  await listen(url)
}

export async function stopCacheSync(): Promise<void> {
  stopped = true
  setInvalidationPublisher(undefined)
  const client = listener
  listener = undefined
  connected = false
  await client?.end().catch(() => {})
}

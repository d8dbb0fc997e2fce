/**
 * A tiny in-process read cache: entries live for a TTL and belong to a namespace whose version
 * bumps on every write (`invalidate`), so a write is seen at once in this process and, through the
 * publisher that cache-sync.ts installs on PostgreSQL (NOTIFY), on the other instances as soon as
 * the notification arrives. Scoped per database handle, so tests with their own databases never
 * share entries. Concurrent misses share one load.
 */
interface Entry {
  value: Promise<unknown>
  expires: number
  version: number
}

const stores = new WeakMap<object, Map<string, Entry>>()
const versions = new Map<string, number>()
const MAX_ENTRIES = 2_000

export type CacheNamespace = 'catalog' | 'stock' | 'content' | 'shortlinks' | 'redirects' | 'sitemap'

export function cached<T>(scope: object, ns: CacheNamespace, key: string, ttlMs: number, load: () => Promise<T>) {
  let store = stores.get(scope)
  if (!store) {
    store = new Map()
    stores.set(scope, store)
  }
  const id = `${ns}:${key}`
  const version = versions.get(ns) ?? 0
  const now = Date.now()
  const hit = store.get(id)
  if (hit && hit.version === version && hit.expires > now) return hit.value as Promise<T>
  if (store.size >= MAX_ENTRIES) store.clear() // crude bound: the working set is small
  const value = load()
  store.set(id, { value, expires: now + ttlMs, version })
  // A failed load is not remembered: the next caller tries again.
  value.catch(() => {
    if (store.get(id)?.value === value) store.delete(id)
  })
  return value
}

export const CACHE_NAMESPACES: readonly CacheNamespace[] = [
  'catalog',
  'stock',
  'content',
  'shortlinks',
  'redirects',
  'sitemap',
]

/** Bumps on every invalidation of any namespace: the HTML cache drops pages rendered before it. */
let generation = 0

export function cacheGeneration(): number {
  return generation
}

/** Makes `namespaces` stale in this process only (a local write, or another instance's notice). */
export function invalidateLocally(namespaces: readonly CacheNamespace[]): void {
  for (const ns of namespaces) versions.set(ns, (versions.get(ns) ?? 0) + 1)
  if (namespaces.length > 0) generation++
}

type Publisher = (namespaces: readonly CacheNamespace[]) => Promise<void>
let publisher: Publisher | undefined

/** Installed at boot when several instances may share the database (cache-sync.ts). */
export function setInvalidationPublisher(next: Publisher | undefined): void {
  publisher = next
}

/**
 * Call after writing data of `ns`: every entry of that namespace (and every cached page) is stale
 * from now on, here at once and on other instances once they get the notice. Await it before
 * answering the write, so the notice is on its way when the writer hears back.
 */
export async function invalidate(...namespaces: CacheNamespace[]): Promise<void> {
  invalidateLocally(namespaces)
  await publisher?.(namespaces)
}

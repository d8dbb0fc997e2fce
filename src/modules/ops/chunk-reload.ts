/**
 * A failed dynamic import (usually a chunk removed by a new deployment) reloads the page once.
 * A session-storage guard that expires after 10 s (SPEC §9) stops reload loops: a second failure
 * inside that window is left to the error page.
 *
 * The router's lazy route components already reload once per failing module (marking
 * `tanstack_router_reload:<message>` in session storage, forever). We give those marks the same
 * 10 s expiry and treat them as part of one guard, so route chunks and other chunks share it.
 */
export const RELOAD_GUARD_KEY = 'chunk-reload-at'
export const RELOAD_GUARD_MS = 10_000
const ROUTER_MARK = 'tanstack_router_reload:'
const SEEN_PREFIX = 'chunk-reload-seen:'

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error ?? '')
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(
    message,
  )
}

function keys(storage: Storage): string[] {
  return Array.from({ length: storage.length }, (_, i) => storage.key(i)).filter((k): k is string => k !== null)
}

/** Forgets reload marks older than the guard window; dates router marks the first time it sees them. */
export function expireReloadGuards(storage: Storage, now = Date.now()): void {
  const ours = Number(storage.getItem(RELOAD_GUARD_KEY) ?? 0)
  if (ours && now - ours >= RELOAD_GUARD_MS) storage.removeItem(RELOAD_GUARD_KEY)
  for (const key of keys(storage)) {
    if (!key.startsWith(ROUTER_MARK)) continue
    const seen = Number(storage.getItem(SEEN_PREFIX + key) ?? 0)
    if (!seen) storage.setItem(SEEN_PREFIX + key, String(now))
    else if (now - seen >= RELOAD_GUARD_MS) {
      storage.removeItem(key)
      storage.removeItem(SEEN_PREFIX + key)
    }
  }
}

function guardActive(storage: Storage, now: number): boolean {
  const ours = Number(storage.getItem(RELOAD_GUARD_KEY) ?? 0)
  if (ours && now - ours < RELOAD_GUARD_MS) return true
  return keys(storage).some((k) => k.startsWith(ROUTER_MARK))
}

/**
 * Reloads unless a reload already happened within the guard window; returns whether it reloaded.
 * The router's mark for the same failure is written too: when the chunk is still missing after
 * our reload, the route's lazy component would otherwise reload a second time (SPEC §9: once).
 */
export function reloadOnceForChunkError(error?: unknown, storage: Storage = sessionStorage, now = Date.now()): boolean {
  expireReloadGuards(storage, now)
  if (guardActive(storage, now)) return false
  storage.setItem(RELOAD_GUARD_KEY, String(now))
  if (error instanceof Error) {
    storage.setItem(ROUTER_MARK + error.message, '1')
    storage.setItem(SEEN_PREFIX + ROUTER_MARK + error.message, String(now))
  }
  window.location.reload()
  return true
}

export function installChunkReload(): void {
  expireReloadGuards(sessionStorage)
  // Chunks imported outside the router (lazy widgets): route chunks are handled by the router.
  window.addEventListener('unhandledrejection', (event) => {
    if (isChunkLoadError(event.reason) && reloadOnceForChunkError(event.reason)) event.preventDefault()
  })
}

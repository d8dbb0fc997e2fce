import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  expireReloadGuards,
  isChunkLoadError,
  RELOAD_GUARD_KEY,
  reloadOnceForChunkError,
} from '../../src/modules/ops/chunk-reload'

function memoryStorage(): Storage {
  const data = new Map<string, string>()
  return {
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
    clear: () => data.clear(),
    key: (i) => [...data.keys()][i] ?? null,
    get length() {
      return data.size
    },
  }
}

describe('chunk-load reload guard', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('recognises dynamic import failures', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true)
    expect(isChunkLoadError(new Error('Importing a module script failed.'))).toBe(true)
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false)
  })

  it('reloads once, not again within 10 s, and again after the guard expires', () => {
    const reload = vi.fn()
    vi.stubGlobal('window', { location: { reload } })
    const storage = memoryStorage()
    expect(reloadOnceForChunkError(undefined, storage, 1_000)).toBe(true)
    expect(reloadOnceForChunkError(undefined, storage, 5_000)).toBe(false)
    expect(reloadOnceForChunkError(undefined, storage, 10_999)).toBe(false)
    expect(reload).toHaveBeenCalledTimes(1)
    expect(storage.getItem(RELOAD_GUARD_KEY)).toBe('1000')
    expect(reloadOnceForChunkError(undefined, storage, 11_001)).toBe(true)
    expect(reload).toHaveBeenCalledTimes(2)
  })

  it("shares the guard with the router's own reload mark and expires it after 10 s", () => {
    const reload = vi.fn()
    vi.stubGlobal('window', { location: { reload } })
    const storage = memoryStorage()
    storage.setItem('tanstack_router_reload:Failed to fetch dynamically imported module: /assets/news.js', '1')
    expireReloadGuards(storage, 50_000)
    expect(reloadOnceForChunkError(undefined, storage, 55_000)).toBe(false)
    expect(reload).not.toHaveBeenCalled()
    expect(reloadOnceForChunkError(undefined, storage, 60_000)).toBe(true)
    expect(reload).toHaveBeenCalledTimes(1)
  })

  it("marks the router's own reload for the same failure, so a still-missing route chunk reloads once in all", () => {
    const reload = vi.fn()
    vi.stubGlobal('window', { location: { reload } })
    const storage = memoryStorage()
    const error = new TypeError('Failed to fetch dynamically imported module: /assets/news-abc.js')
    expect(reloadOnceForChunkError(error, storage, 1_000)).toBe(true)
    // What the router's lazy component checks before reloading by itself:
    expect(storage.getItem(`tanstack_router_reload:${error.message}`)).toBe('1')
    // After 10 s both marks are gone and a new failure may reload again.
    expireReloadGuards(storage, 11_001)
    expect(storage.getItem(`tanstack_router_reload:${error.message}`)).toBeNull()
    expect(reloadOnceForChunkError(error, storage, 11_002)).toBe(true)
    expect(reload).toHaveBeenCalledTimes(2)
  })
})

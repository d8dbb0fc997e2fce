/**
 * Widgets that play no part in the first paint (update notice, analytics, error reporting, live
 * chat) are fetched and mounted only once the page has loaded and the main thread is idle, so
 * their code is not in the boot script and their work does not compete with hydration (ADR
 * 041-first-load-js). html[data-widgets="ready"] marks the moment for tests and tools.
 */
import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react'
import { clientLog } from './client-log'

/** Calls `fn` once after the load event, when the browser is idle (at most 2 s later). */
export function onIdle(fn: () => void): () => void {
  let cancel = () => {}
  const schedule = () => {
    if ('requestIdleCallback' in window) {
      const id = window.requestIdleCallback(fn, { timeout: 2000 })
      cancel = () => window.cancelIdleCallback(id)
    } else {
      const timer = setTimeout(fn, 200)
      cancel = () => clearTimeout(timer)
    }
  }
  if (document.readyState === 'complete') schedule()
  else {
    window.addEventListener('load', schedule, { once: true })
    cancel = () => window.removeEventListener('load', schedule)
  }
  return () => cancel()
}

/**
 * A component that renders nothing until idle time, then loads and renders `load()`'s component.
 * A widget that fails to load is left out: it must never take the page down.
 */
export function afterIdle(load: () => Promise<ComponentType>): ComponentType {
  const Widget = lazy<ComponentType>(() =>
    load().then(
      (component) => ({ default: component }),
      (error: unknown) => {
        clientLog.warn('widget unavailable', error)
        return { default: () => null }
      },
    ),
  )
  return function AfterIdle() {
    const [idle, setIdle] = useState(false)
    useEffect(() => onIdle(() => setIdle(true)), [])
    return idle ? (
      <Suspense fallback={null}>
        <Widget />
      </Suspense>
    ) : null
  }
}

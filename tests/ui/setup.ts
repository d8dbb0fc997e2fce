// Set-up of the `ui` Vitest project: each test starts from an empty document and real globals.
import { cleanup } from '@testing-library/react'
import { afterEach, vi } from 'vitest'

// React 19 waits for a `<link rel="stylesheet" precedence>` rendered in an update by preloading it
// first; happy-dom never fetches style preloads (so never fires their load event) and the update
// would wait forever. Here a preload finishes at once, as a cached file does in a browser.
new MutationObserver((records) => {
  for (const record of records) {
    for (const node of record.addedNodes) {
      if (node instanceof HTMLLinkElement && node.rel === 'preload') {
        queueMicrotask(() => node.dispatchEvent(new Event('load')))
      }
    }
  }
}).observe(document.head, { childList: true })

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

// Set-up of the `ui` Vitest project: each test starts from an empty document and real globals.
import { cleanup, configure } from '@testing-library/react'
import { afterEach, vi } from 'vitest'

// findBy*/waitFor give up after this long: generous, for a machine busy with other suites (they
// return as soon as the element is there, so a passing test never waits for it).
configure({ asyncUtilTimeout: 5000 })

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

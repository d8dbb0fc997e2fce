import { QueryClient } from '@tanstack/react-query'

/**
 * The router's query client: a new one per request on the server, one for the page in the browser.
 * The server keeps React Query's own server default for `gcTime` (Infinity: no timers, and the
 * client goes with its request). It had `gcTime: 0`, which let the data a loader fetched be
 * collected before the render read it whenever the event loop turned in between: under load,
 * `/offer/1` was rendered without its prices (html-cache.test.ts failed once in CI, issue 11).
 */
export function newQueryClient(server: boolean): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: server ? { retry: false } : { staleTime: 30_000, retry: 1 } },
  })
}

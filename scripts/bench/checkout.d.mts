// Types for the part of checkout.mjs the integration tests share with the bench.
export function checkout(
  base: string,
  cookie: string,
  skuId: number,
  counters: { statusRequests: number },
): Promise<void>

/** Signed-in shoppers straight in the database (session rows) and a SKU without player fields. */
export function shoppers(url: string, count: number): Promise<{ cookies: string[]; skuId: number }>

/** Every shopper checks out again and again for `seconds`; the latencies of those that got paid, and the failures. */
export function shopFor(
  server: { base: string },
  cookies: string[],
  skuId: number,
  seconds: number,
  counters: { statusRequests: number },
): Promise<{ latencies: number[]; failed: number }>

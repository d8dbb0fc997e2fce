// Types for the part of checkout.mjs the integration tests share with the bench.
export function checkout(
  base: string,
  cookie: string,
  skuId: number,
  counters: { statusRequests: number },
): Promise<void>

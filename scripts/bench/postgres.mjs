// The figures that need PostgreSQL, on one server: signed-in SSR, checkout throughput at each
// shopper count, then memory under mixed anonymous and signed-in load.
import { checkoutThroughput, withPostgresServer } from './checkout.mjs'
import { memorySoak } from './memory.mjs'
import { signedInSsr } from './ssr.mjs'

export function postgresFigures(pgUrl, port) {
  return withPostgresServer(pgUrl, port, async (ctx) => {
    const figures = {}
    if (!process.env.BENCH_SKIP_SSR) figures.signedIn = await signedInSsr(ctx.server, ctx.cookies[0])
    if (!process.env.BENCH_SKIP_CHECKOUT) figures.checkout = await checkoutThroughput(ctx)
    if (!process.env.BENCH_SKIP_MEMORY) figures.memory = await memorySoak(ctx.server, ctx.cookies[0])
    return figures
  })
}

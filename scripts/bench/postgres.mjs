// The figures that need PostgreSQL, on one server: signed-in SSR, checkout throughput at each
// shopper count, then memory under mixed anonymous and signed-in load.
import { fork } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { rmSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { checkoutThroughput, withPostgresServer } from './checkout.mjs'
import { memorySoak } from './memory.mjs'
import { signedInSsr } from './ssr.mjs'

export async function postgresFigures(pgUrl, port) {
  const figures = await withPostgresServer(pgUrl, port, async (ctx) => {
    const found = {}
    if (!process.env.BENCH_SKIP_SSR) found.signedIn = await signedInSsr(ctx.server, ctx.cookies[0])
    if (!process.env.BENCH_SKIP_CHECKOUT) found.checkout = await checkoutThroughput(ctx)
    if (!process.env.BENCH_SKIP_MEMORY) found.memory = await memorySoak(ctx.server, ctx.cookies[0])
    return found
  })
  // The same checkout with the supplier across HTTP (the sandbox service beside the shop, as
  // `npm start` runs it), in the same run: fulfilment of every paid order goes over the network.
  if (!process.env.BENCH_SKIP_CHECKOUT)
    figures.checkoutSupplierHttp = await withSupplierService(port + 2, (env) =>
      withPostgresServer(
        pgUrl,
        port,
        (ctx) => checkoutThroughput(ctx, 'Checkout on PostgreSQL, supplier across HTTP'),
        env,
      ),
    )
  if (figures.checkout && figures.checkoutSupplierHttp) {
    // The row issue 31 asks for: the same checkout with the supplier across HTTP, as a share of in process.
    figures.checkoutSupplierHttpRatio = figures.checkoutSupplierHttp.map((row, i) => ({
      shoppers: row.shoppers,
      ratio: +(row.ordersPerSecond / figures.checkout[i].ordersPerSecond).toFixed(2),
    }))
    console.log(
      `\nSupplier across HTTP beside in process (paid orders/s): ${figures.checkoutSupplierHttpRatio
        .map((r) => `${r.shoppers} shoppers ${r.ratio}×`)
        .join(' · ')}`,
    )
  }
  return figures
}

async function withSupplierService(supplierPort, run) {
  rmSync('.data-test/bench-supplier', { recursive: true, force: true })
  const secret = randomBytes(24).toString('base64url')
  const child = fork(fileURLToPath(new URL('../supplier.mjs', import.meta.url)), {
    env: {
      ...process.env,
      SUPPLIER_SECRET: secret,
      SUPPLIER_SANDBOX_PORT: String(supplierPort),
      LOG_LEVEL: 'warn',
      DATA_DIR: '.data-test/bench-supplier',
    },
    stdio: 'inherit',
  })
  try {
    const url = await new Promise((resolve, reject) => {
      child.once('message', (m) => resolve(m.supplierUrl))
      child.once('exit', (code) => reject(new Error(`the sandbox supplier exited (${code})`)))
    })
    return await run({ SUPPLIER_URL: url, SUPPLIER_SECRET: secret })
  } finally {
    child.removeAllListeners('exit')
    child.kill('SIGTERM')
  }
}

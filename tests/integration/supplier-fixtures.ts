/** Helpers of the supplier suites: the shop's callback route over HTTP, waiting for a condition. */
import { createServer, type Server } from 'node:http'
import { receiveSupplierCallback } from '../../src/modules/orders/supplier-callback.server'
import { AppError } from '../../src/modules/errors/app-error'
import type { Db } from '../../src/server/db/client'

/** The shop's callback route, in front of the same use case. */
export async function startCallbackEndpoint(db: Db) {
  const answered: number[] = []
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const headers = new Headers()
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v)
      const name = decodeURIComponent(req.url!.split('/').pop()!)
      receiveSupplierCallback(db, name, headers, Buffer.concat(chunks).toString('utf8')).then(
        (body) => {
          answered.push(200)
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body))
        },
        (err: unknown) => {
          const status = err instanceof AppError ? err.status : 500
          answered.push(status)
          res.writeHead(status).end()
        },
      )
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as { port: number }).port
  return {
    url: `http://127.0.0.1:${port}/api/fulfilment/callbacks/sandbox`,
    answered,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

export async function waitFor(check: () => Promise<boolean>, ms: number, what: string): Promise<number> {
  const started = Date.now()
  while (Date.now() - started < ms) {
    if (await check()) return Date.now() - started
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`timed out waiting for ${what}`)
}

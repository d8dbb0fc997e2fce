/**
 * The request id: a sane incoming `X-Request-Id` (a proxy's) or a new one, echoed in the response
 * header and added to every log line written while the request runs (server/log.ts), so an
 * INTERNAL answer's id finds its stack in the logs.
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import { randomUUID } from 'node:crypto'

const current = new AsyncLocalStorage<string>()

/** Letters, digits and `._:-`, at most 64: anything else (or nothing) gets a fresh UUID. */
const SANE = /^[A-Za-z0-9._:-]{1,64}$/

export function requestIdFor(request: Request): string {
  const incoming = request.headers.get('x-request-id')
  return incoming && SANE.test(incoming) ? incoming : randomUUID()
}

export function withRequestId<T>(id: string, run: () => T): T {
  return current.run(id, run)
}

/** The id of the request this code runs for, if any. */
export function currentRequestId(): string | undefined {
  return current.getStore()
}

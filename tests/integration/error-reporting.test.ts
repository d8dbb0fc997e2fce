import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { gunzipSync } from 'node:zlib'
import * as Sentry from '@sentry/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBeforeSend } from '../../src/modules/ops/error-scrub'

/** A local Sentry envelope receiver: stores each event item it gets. */
function startReceiver(): Promise<{ server: Server; events: Record<string, unknown>[]; port: number }> {
  const events: Record<string, unknown>[] = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      let body = Buffer.concat(chunks)
      if (req.headers['content-encoding'] === 'gzip') body = gunzipSync(body)
      const lines = body.toString('utf8').split('\n')
      for (let i = 1; i < lines.length - 1; i += 2) {
        const header = JSON.parse(lines[i]!) as { type?: string }
        if (header.type === 'event') events.push(JSON.parse(lines[i + 1]!) as Record<string, unknown>)
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}')
    })
  })
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, events, port: (server.address() as AddressInfo).port })),
  )
}

describe('error reports against a local envelope receiver', () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>

  beforeAll(async () => {
    receiver = await startReceiver()
    const data = new Map<string, string>()
    const beforeSend = createBeforeSend({
      maxEvents: 10,
      storage: { getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) },
    })
    Sentry.init({
      dsn: `http://publickey@127.0.0.1:${receiver.port}/1`,
      defaultIntegrations: false,
      skipOpenTelemetrySetup: true,
      maxBreadcrumbs: 25,
      beforeSend: (event) => beforeSend(event as unknown as Record<string, unknown>) as unknown as typeof event | null,
    })
  })

  afterAll(async () => {
    await Sentry.close(2000)
    receiver.server.close()
  })

  it('sends redacted events and nothing past the tenth of a session', async () => {
    for (let i = 1; i <= 11; i++) {
      Sentry.captureException(new Error(`failure ${i}`), {
        extra: { password: 'hunter2', access_token: 'secret-token', cardNumber: '4242 4242 4242 4242', attempt: i },
      })
    }
    await Sentry.flush(5000)
    expect(receiver.events).toHaveLength(10)
    const raw = JSON.stringify(receiver.events)
    expect(raw).not.toContain('hunter2')
    expect(raw).not.toContain('secret-token')
    expect(raw).not.toContain('4242 4242 4242 4242')
    const extra = receiver.events[0]!.extra as Record<string, unknown>
    expect(extra.password).toBe('[redacted]')
    expect(extra.attempt).toBe(1)
    expect(raw).not.toContain('failure 11')
  })
})

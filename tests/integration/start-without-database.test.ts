/**
 * The built server on PostgreSQL that is not there yet, then there, then gone, then back: it
 * listens at once, /healthz is 200 throughout, /readyz says why it is not ready, pages answer a
 * localized 503 (never 500) and it recovers without a restart. The database sits behind a small
 * TCP proxy in this test that is opened and closed at will in front of the real PostgreSQL.
 */
import { createConnection, createServer, type Server, type Socket } from 'node:net'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { PG_URL, freePorts, startServer, waitUntilReady, type RunningServer } from './auth-helpers'
import { createThrowawayDatabase, describeOnPostgres, type ThrowawayDatabase } from './throwaway-db'

let pg: ThrowawayDatabase
let server: RunningServer
let proxyPort: number
let proxy: { server: Server; sockets: Set<Socket> } | undefined

/** Forwards every connection on proxyPort to the real PostgreSQL. */
async function openProxy(): Promise<void> {
  const target = new URL(PG_URL!)
  const sockets = new Set<Socket>()
  const listener = createServer((client) => {
    const upstream = createConnection({ host: target.hostname, port: Number(target.port || 5432) })
    for (const s of [client, upstream]) {
      sockets.add(s)
      s.on('close', () => sockets.delete(s))
      s.on('error', () => {
        client.destroy()
        upstream.destroy()
      })
    }
    client.pipe(upstream).pipe(client)
  })
  await new Promise<void>((resolve) => listener.listen(proxyPort, '127.0.0.1', resolve))
  proxy = { server: listener, sockets }
}

/** The database "goes away": no new connections, and the open ones are cut. */
async function closeProxy(): Promise<void> {
  if (!proxy) return
  const { server: listener, sockets } = proxy
  proxy = undefined
  const closed = new Promise((resolve) => listener.close(resolve))
  for (const s of sockets) s.destroy()
  await closed
}

async function poll<T>(what: () => Promise<T>, until: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await what()
    if (until(value) || Date.now() > deadline) return value
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

const readyz = async () => {
  const response = await fetch(`${server.base}/readyz`)
  return { status: response.status, body: (await response.json()) as { ready: boolean; reason?: string } }
}

/** The database-state lines of the server log (pino JSON at info level). */
function stateLines(): { level: string; msg: string; raw: string }[] {
  return server.logs
    .join('')
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((raw) => ({ raw, ...(JSON.parse(raw) as { level: string; msg: string }) }))
    .filter((l) => /^database /.test(l.msg))
}

describeOnPostgres('start without a database (PostgreSQL)', () => {
  beforeAll(async () => {
    pg = await createThrowawayDatabase('postgres', 'nodb')
    const [dbPort, port] = (await freePorts(2)) as [number, number]
    proxyPort = dbPort
    const url = new URL(pg.url!)
    url.hostname = '127.0.0.1'
    url.port = String(proxyPort)
    server = await startServer(
      {
        DATABASE_URL: url.toString(),
        PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
        SEED_CATALOG: 'true',
        LOG_LEVEL: 'info',
      },
      port,
      { waitForDatabase: false },
    )
  })

  afterAll(async () => {
    await server?.stop()
    await closeProxy()
    await pg?.drop()
  })

  it('listens at once, reports why it is not ready, recovers when the database comes and goes', async () => {
    // 1. Nothing listens on the database port.
    expect((await fetch(`${server.base}/healthz`)).status).toBe(200)
    const started = Date.now() // from the first answer: loading the bundle is not the point here
    const down = await poll(readyz, (r) => Boolean(r.body.reason?.startsWith('database unreachable')), 5000)
    expect(Date.now() - started).toBeLessThan(5000)
    expect(down.status).toBe(503)
    expect(down.body).toEqual({ ready: false, reason: `database unreachable: ECONNREFUSED 127.0.0.1:${proxyPort}` })
    const page = await fetch(`${server.base}/fr/news`)
    expect(page.status).toBe(503)
    expect(page.headers.get('retry-after')).toBeTruthy()
    const html = await page.text()
    expect(html).toContain('lang="fr"')
    expect(html).toContain('La boutique est momentanément indisponible')
    const api = await fetch(`${server.base}/api/cms/links`)
    expect(api.status).toBe(503)
    expect(await api.json()).toMatchObject({ error: { code: 'UNAVAILABLE' } })

    // 2. The database appears: ready without a restart (migrated and seeded meanwhile).
    await openProxy()
    const up = await poll(readyz, (r) => r.status === 200, 60_000)
    expect(up).toMatchObject({ status: 200, body: { ready: true } })
    expect((await fetch(`${server.base}/fr/news`)).status).toBe(200)

    // 3. It goes away after start: 503, never 500.
    await closeProxy()
    const statuses: number[] = []
    const gone = await poll(
      async () => {
        for (const path of ['/', '/fr/news', '/offer/1', '/api/cms/links', '/api/product/categories/navigation']) {
          statuses.push((await fetch(`${server.base}${path}`)).status)
        }
        return readyz()
      },
      (r) => r.status === 503,
      20_000,
    )
    expect(gone.body.ready).toBe(false)
    expect(gone.body.reason).toMatch(/^database unreachable/)
    expect(statuses.filter((s) => s >= 500 && s !== 503)).toEqual([])
    for (const path of ['/', '/fr/news', '/api/cms/links']) {
      expect((await fetch(`${server.base}${path}`)).status, path).toBe(503)
    }

    // 4. And back: ready again, pages served.
    await openProxy()
    await waitUntilReady(server.base, server.logs, 60_000)
    expect((await fetch(`${server.base}/fr/news`)).status).toBe(200)

    // One log line per change of state, no stack traces.
    const lines = stateLines()
    for (let i = 1; i < lines.length; i++) expect(lines[i]!.msg).not.toBe(lines[i - 1]!.msg)
    expect(lines.filter((l) => l.msg === 'database ready')).toHaveLength(2)
    expect(server.logs.join('')).not.toMatch(/\n\s+at .+\(.+:\d+:\d+\)/)
  })
})

/**
 * Helpers for the sign-in tests: run the built server (node server.mjs) on a port of its own and
 * act as a browser with a small cookie jar that honours cookie paths, following redirects by hand.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { createServer, type AddressInfo, type Server } from 'node:net'
import path from 'node:path'
import { freshTotpCode } from '../fixtures/totp-codes'
import { staleBuildReason } from './build-first'
import { createThrowawayDatabase } from './throwaway-db'

export { PG_URL } from './throwaway-db'
export const SHOPPER = { email: 'shopper@example.com', password: 'Shopper123!' }

export interface RunningServer {
  base: string
  port: number
  /** The server's DATA_DIR (mail lands in its outbox/). */
  dataDir: string
  logs: string[]
  /** The server process (for signals and its exit code). */
  child: ChildProcess
  stop(): Promise<void>
}

/**
 * `count` distinct ports the OS has just handed out (held together, so they differ), for child
 * processes that must know their port before they start.
 */
export async function freePorts(count: number): Promise<number[]> {
  const probes = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<Server>((resolve, reject) => {
          const probe = createServer()
          probe.once('error', reject)
          probe.listen(0, '127.0.0.1', () => resolve(probe))
        }),
    ),
  )
  const ports = probes.map((p) => (p.address() as AddressInfo).port)
  await Promise.all(probes.map((p) => new Promise((resolve) => p.close(resolve))))
  return ports
}

/**
 * Starts the production build on `port` (default: a free one), with a throwaway data directory (mail outbox and,
 * unless `env` names a DATABASE_URL or DATA_DIR, its PGlite database), and waits until it is ready
 * unless `waitForDatabase` is false. dist/ is built by the `server` project's global set-up (build-first.ts).
 */
export async function startServer(
  env: Record<string, string> = {},
  port?: number,
  opts: { waitForDatabase?: boolean } = {},
): Promise<RunningServer> {
  const stale = staleBuildReason()
  if (stale) {
    throw new Error(
      `${stale}: run "npm run build", or list this suite in BUILT_SERVER_SUITES (vitest.config.ts), whose project builds first`,
    )
  }
  const data = await createThrowawayDatabase('pglite', 'auth-srv')
  port ??= (await freePorts(1))[0]!
  const logs: string[] = []
  const child: ChildProcess = spawn(process.execPath, ['server.mjs'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      ...data.env,
      LOG_LEVEL: 'warn',
      // No load balancer waits on a test's server: stop at once (tests of the drain set it).
      SHUTDOWN_DRAIN_MS: '0',
      // On PostgreSQL these suites sign in with the demo accounts, which production does not
      // seed, and a deployment there must name its public origin.
      ...(env.DATABASE_URL ? { SEED_DEMO: 'true', PUBLIC_ORIGIN: `http://127.0.0.1:${port}` } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const ready = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      logs.push(chunk.toString())
      if (chunk.toString().includes('Storefront listening')) resolve()
    }
    child.stdout!.on('data', onData)
    child.stderr!.on('data', (chunk: Buffer) => logs.push(chunk.toString()))
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${logs.join('')}`)))
    setTimeout(() => reject(new Error(`server did not start:\n${logs.join('')}`)), 110_000)
  })
  await ready.catch(async (error: unknown) => {
    child.kill('SIGKILL')
    await data.drop()
    throw error
  })
  // It listens before the database is open: wait until it says it is ready.
  if (opts.waitForDatabase !== false) await waitUntilReady(`http://127.0.0.1:${port}`, logs)
  return {
    base: `http://127.0.0.1:${port}`,
    port,
    dataDir: env.DATA_DIR ?? data.dataDir!,
    logs,
    child,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve))
        child.kill('SIGTERM')
        await exited
      }
      await data.drop()
    },
  }
}

/** Polls /readyz until it answers 200 (the server opens and migrates the database after listening). */
export async function waitUntilReady(base: string, logs: string[] = [], timeoutMs = 180_000): Promise<void> {
  const until = Date.now() + timeoutMs
  for (;;) {
    const status = await fetch(`${base}/readyz`).then(
      (r) => r.status,
      () => 0,
    )
    if (status === 200) return
    if (Date.now() > until) throw new Error(`server at ${base} did not become ready:\n${logs.join('')}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

interface Cookie {
  name: string
  value: string
  path: string
}

/** Just enough of a browser: cookies by name and path, manual redirects, form and JSON posts. */
export class Browser {
  cookies: Cookie[] = []

  constructor(readonly base: string) {}

  private cookieHeader(url: URL): string {
    return this.cookies
      .filter(
        (c) =>
          url.pathname === c.path ||
          url.pathname.startsWith(c.path.endsWith('/') ? c.path : c.path + '/') ||
          c.path === '/',
      )
      .map((c) => `${c.name}=${c.value}`)
      .join('; ')
  }

  private remember(url: URL, response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';')
      const eq = pair.indexOf('=')
      const name = pair.slice(0, eq).trim()
      const value = pair.slice(eq + 1).trim()
      const pathAttr = attrs.map((a) => a.trim()).find((a) => a.toLowerCase().startsWith('path='))
      const cookiePath = pathAttr ? pathAttr.slice(5) : url.pathname.replace(/\/[^/]*$/, '') || '/'
      const expired = attrs.some((a) => /max-age=0|expires=thu, 01 jan 1970/i.test(a.trim())) || value === ''
      this.cookies = this.cookies.filter((c) => !(c.name === name && c.path === cookiePath))
      if (!expired) this.cookies.push({ name, value, path: cookiePath })
    }
  }

  cookie(name: string): string | undefined {
    return this.cookies.find((c) => c.name === name)?.value
  }

  async request(target: string, init: RequestInit = {}): Promise<Response> {
    const url = new URL(target, this.base)
    const headers = new Headers(init.headers)
    const cookie = this.cookieHeader(url)
    if (cookie) headers.set('cookie', cookie)
    const response = await fetch(url, { ...init, headers, redirect: 'manual' })
    this.remember(url, response)
    return response
  }

  /** Follows redirects from `target` until a non-redirect answer or until `stop` matches a Location. */
  async follow(target: string, stop?: (location: URL) => boolean, init?: RequestInit) {
    let response = await this.request(target, init)
    let url = new URL(target, this.base)
    for (let i = 0; i < 15 && response.status >= 300 && response.status < 400; i++) {
      url = new URL(response.headers.get('location')!, url)
      if (stop?.(url)) return { response, url }
      response = await this.request(url.href)
    }
    return { response, url }
  }

  postForm(target: string, fields: Record<string, string>, accept = 'application/json') {
    return this.request(target, { method: 'POST', body: new URLSearchParams(fields), headers: { accept } })
  }

  postJson(target: string, body: unknown) {
    return this.request(target, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json', accept: 'application/json' },
    })
  }
}

/**
 * Signs in through the storefront: /login → authorization server → its sign-in page → POST the
 * credentials → back through /auth/callback. Returns the callback URL (for tampering) if `stopAtCallback`.
 */
/** A signed-in staff member's browser proves the second factor with a TOTP code not used before (ADR 111, 118). */
export async function proveStaffFactor(browser: Browser, secret: string): Promise<void> {
  const response = await browser.postJson('/api/staff/factor/verify', { code: await freshTotpCode(secret) })
  if (response.status !== 200) throw new Error(`factor check answered ${response.status}: ${await response.text()}`)
}

export async function signInViaStorefront(
  browser: Browser,
  account = SHOPPER,
  opts: { returnTo?: string; stopAtCallback?: boolean } = {},
) {
  const start = `/login${opts.returnTo ? `?redirect=${encodeURIComponent(opts.returnTo)}` : ''}`
  const { url: loginPage } = await browser.follow(start, (u) => /^\/([a-z]{2}\/)?login\/[^/]+$/.test(u.pathname))
  await browser.request(loginPage.href)
  const posted = await browser.postForm(loginPage.pathname, account)
  if (posted.status !== 200) throw new Error(`sign-in POST answered ${posted.status}: ${await posted.text()}`)
  const { location } = (await posted.json()) as { location: string }
  const { url: callback } = await browser.follow(location, (u) => u.pathname === '/auth/callback')
  if (opts.stopAtCallback) return { callback, final: undefined }
  const final = await browser.follow(callback.href)
  return { callback, final }
}

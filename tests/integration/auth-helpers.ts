/**
 * Helpers for the sign-in tests: run the built server (node server.mjs) on a port of its own and
 * act as a browser with a small cookie jar that honours cookie paths, following redirects by hand.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Client } from 'pg'

export const PG_URL = process.env.TEST_DATABASE_URL
export const SHOPPER = { email: 'shopper@example.com', password: 'Shopper123!' }

export interface RunningServer {
  base: string
  dataDir: string
  logs: string[]
  stop(): Promise<void>
}

/** A PostgreSQL database that exists only for this test file. */
export async function freshPostgres(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `auth_${randomBytes(5).toString('hex')}`
  const admin = async (statement: string) => {
    const client = new Client({ connectionString: PG_URL })
    await client.connect()
    try {
      await client.query(statement)
    } finally {
      await client.end()
    }
  }
  await admin(`create database ${name}`)
  const url = new URL(PG_URL!)
  url.pathname = `/${name}`
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) }
}

export async function startServer(port: number, env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'auth-srv-'))
  const logs: string[] = []
  const child: ChildProcess = spawn(process.execPath, ['server.mjs'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
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
    setTimeout(() => reject(new Error(`server did not start:\n${logs.join('')}`)), 90_000)
  })
  await ready
  return {
    base: `http://127.0.0.1:${port}`,
    dataDir,
    logs,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await exited
      rmSync(dataDir, { recursive: true, force: true })
    },
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

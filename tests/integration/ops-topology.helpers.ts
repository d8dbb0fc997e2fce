/**
 * The production topology on one machine, without Docker (issue 33): Debian's nginx running
 * deploy/nginx/nginx.conf (addresses and paths rewritten) in front of shop instances, each a
 * `node server.mjs` on PostgreSQL. Used by ops-topology.test.ts.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { chmodSync, createWriteStream, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

const ROOT = path.resolve(import.meta.dirname, '../..')
const NGINX = '/usr/sbin/nginx'
const LUA_MODULE = '/usr/lib/nginx/modules/ngx_http_lua_module.so'

export const nginxInstalled = () => existsSync(NGINX) && existsSync(LUA_MODULE)

export interface Instance {
  name: string
  port: number
  base: string
  child: ChildProcess
  logs: string[]
  /** SIGTERM, then the exit code. */
  stop(): Promise<number | null>
  /** SIGKILL. */
  kill(): Promise<void>
}

export async function startInstance(name: string, port: number, env: Record<string, string>): Promise<Instance> {
  const logs: string[] = []
  const child = spawn(process.execPath, ['server.mjs'], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  mkdirSync(path.join(ROOT, 'test-results'), { recursive: true })
  const file = createWriteStream(path.join(ROOT, `test-results/topology-${name}.log`), { flags: 'a' })
  for (const stream of [child.stdout!, child.stderr!]) {
    stream.on('data', (d: Buffer) => {
      logs.push(d.toString())
      file.write(d)
    })
  }
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const base = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 120_000
  for (;;) {
    const status = await fetch(`${base}/readyz`).then(
      (r) => r.status,
      () => 0,
    )
    if (status === 200) break
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`instance ${name} did not become ready:\n${logs.join('')}`)
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  return {
    name,
    port,
    base,
    child,
    logs,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
      return exited
    },
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
      await exited
    },
  }
}

export interface Balancer {
  base: string
  stop(): Promise<void>
}

/** deploy/nginx/nginx.conf with the instances' and its own addresses, and paths of its own. */
export async function startNginx(port: number, peers: [number, number], dir: string): Promise<Balancer> {
  // nginx's workers drop root for its default user: the cache must be theirs to write.
  for (const sub of ['cache', 'logs']) mkdirSync(path.join(dir, sub), { recursive: true, mode: 0o777 })
  chmodSync(path.join(dir, 'cache'), 0o777)
  chmodSync(dir, 0o777)
  const conf = readFileSync(path.join(ROOT, 'deploy/nginx/nginx.conf'), 'utf8')
    .replaceAll('shop-1:3000', `127.0.0.1:${peers[0]}`)
    .replaceAll('shop-2:3000', `127.0.0.1:${peers[1]}`)
    .replace('listen 80 reuseport;', `listen 127.0.0.1:${port};`)
    .replace('pid /run/nginx.pid;', `pid ${dir}/nginx.pid;`)
    .replace('/var/cache/nginx/shop', `${dir}/cache`)
    .replace(/^\s*resolver .*$/m, '')
  expect(conf.includes('shop-')).toBe(false)
  const file = path.join(dir, 'nginx.conf')
  writeFileSync(file, conf)
  const logs: string[] = []
  const child = spawn(NGINX, ['-p', dir, '-c', file, '-e', 'stderr', '-g', 'daemon off;'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  // Its error log goes to test-results/ for a look after a failed run.
  mkdirSync(path.join(ROOT, 'test-results'), { recursive: true })
  const errorLog = createWriteStream(path.join(ROOT, 'test-results/topology-nginx.log'))
  child.stderr!.on('data', (d: Buffer) => {
    logs.push(d.toString())
    errorLog.write(d)
  })
  const exited = new Promise((resolve) => child.once('exit', resolve))
  const base = `http://127.0.0.1:${port}`
  for (let i = 0; ; i++) {
    await new Promise((r) => setTimeout(r, 100))
    // Another nginx on the port would answer too: ours must still be running.
    if (child.exitCode !== null) throw new Error(`nginx exited:\n${logs.join('')}`)
    const ok = await fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) break
    if (child.exitCode !== null || i > 100) {
      child.kill('SIGTERM')
      throw new Error(`nginx did not start:\n${logs.join('')}`)
    }
  }
  return {
    base,
    async stop() {
      child.kill('SIGTERM')
      await exited
    },
  }
}

function expect(value: boolean) {
  return {
    toBe(wanted: boolean) {
      if (value !== wanted) throw new Error('nginx.conf: an address was left unrewritten')
    },
  }
}

/** Anonymous visitors loading pages through the balancer until `stop` is called. */
export function anonymousTraffic(base: string, visitors: number) {
  const pages = ['/', '/news', '/how-to-buy', '/fr/news', '/de', '/about-us']
  const counts = { requests: 0, failed: 0, errors: [] as string[] }
  const state = { running: true }
  const loops = Array.from({ length: visitors }, async (_, v) => {
    for (let i = v; state.running; i++) {
      const page = pages[i % pages.length]!
      counts.requests++
      try {
        const response = await fetch(base + page)
        await response.arrayBuffer()
        if (response.status >= 500) throw new Error(`${page}: ${response.status}`)
      } catch (error) {
        counts.failed++
        if (counts.errors.length < 3) {
          const cause = (error as { cause?: { code?: string; message?: string } }).cause
          counts.errors.push(`${page}: ${(error as Error).message}${cause ? ` (${cause.code ?? cause.message})` : ''}`)
        }
      }
    }
  })
  return {
    counts,
    async stop() {
      state.running = false
      await Promise.all(loops)
      return counts
    },
  }
}

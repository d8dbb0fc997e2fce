// Starts the production server (node server.mjs) of the checkout in BENCH_APP_DIR (default: this
// one) with the probe preloaded, so before/after builds run under the same bench code.
import { spawn } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const probe = fileURLToPath(new URL('./probe.mjs', import.meta.url))
export const appDir = path.resolve(process.env.BENCH_APP_DIR ?? '.')

export function startServer(port, env = {}) {
  const probePort = port + 1000
  const child = spawn(
    process.execPath,
    [...(process.env.BENCH_NODE_ARGS?.split(' ') ?? []), '--import', probe, 'server.mjs'],
    {
      cwd: appDir,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        BENCH_PROBE_PORT: String(probePort),
        ...env,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  )
  const base = `http://127.0.0.1:${port}`
  return {
    base,
    pid: child.pid,
    async ready() {
      for (let i = 0; i < 240; i++) {
        try {
          if ((await fetch(`${base}/api/cms/links`)).ok) return
        } catch {
          // not up yet
        }
        await new Promise((r) => setTimeout(r, 500))
      }
      throw new Error('bench: server did not start')
    },
    /** Queries sent, CPU ms and memory of the server process so far. */
    async probe() {
      return (await fetch(`http://127.0.0.1:${probePort}/`)).json()
    },
    async stop() {
      const exited = new Promise((r) => child.once('exit', r))
      child.kill('SIGTERM')
      await exited
    },
  }
}

// Preloaded into a benchmarked server (node --import): counts the PostgreSQL queries it sends and
// reports them with its CPU time and memory on a side port, so the bench can take per-order and
// per-request figures without instrumenting the app itself.
import { writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { Session } from 'node:inspector/promises'
import { Client } from 'pg'

let queries = 0
/** With BENCH_PROBE_TRACE set, every statement in the order sent (GET /trace takes and clears it). */
let trace = process.env.BENCH_PROBE_TRACE ? [] : undefined
/** Statements by their first words: where the queries go (GET /statements). */
const statements = new Map()
// The patch is on the class pg's pool instantiates; oxlint mistakes it for a default-export member.
// oxlint-disable-next-line import/no-named-as-default-member
const query = Client.prototype.query
// oxlint-disable-next-line import/no-named-as-default-member
Client.prototype.query = function countedQuery(...args) {
  queries++
  const text = typeof args[0] === 'string' ? args[0] : (args[0]?.text ?? '')
  // The head of the text only: the probe must not cost the server much per query (long CTEs).
  const key = text.slice(0, 400).replace(/\s+/g, ' ').slice(0, 90)
  statements.set(key, (statements.get(key) ?? 0) + 1)
  if (trace) trace.push(key)
  return query.apply(this, args)
}

const port = Number(process.env.BENCH_PROBE_PORT)
if (port) {
  let profiler
  createServer(async (req, res) => {
    // A CPU profile of a chosen stretch (the load, not the boot): /profile/start, then
    // /profile/stop?file=<path> writes it as a .cpuprofile.
    if (req.url === '/profile/start') {
      profiler = new Session()
      profiler.connect()
      await profiler.post('Profiler.enable')
      await profiler.post('Profiler.start')
      return res.end('started')
    }
    if (req.url?.startsWith('/profile/stop')) {
      const file = new URL(req.url, 'http://probe').searchParams.get('file') ?? 'bench.cpuprofile'
      const { profile } = await profiler.post('Profiler.stop')
      profiler.disconnect()
      writeFileSync(file, JSON.stringify(profile))
      return res.end(file)
    }
    if (req.url === '/trace') {
      res.setHeader('content-type', 'application/json')
      const taken = trace ?? []
      if (trace) trace = []
      return res.end(JSON.stringify(taken))
    }
    if (req.url === '/statements') {
      res.setHeader('content-type', 'application/json')
      return res.end(JSON.stringify([...statements].sort((a, b) => b[1] - a[1])))
    }
    const cpu = process.cpuUsage()
    const mem = process.memoryUsage()
    res.setHeader('content-type', 'application/json')
    res.end(JSON.stringify({ queries, cpuMs: (cpu.user + cpu.system) / 1000, rss: mem.rss, heapUsed: mem.heapUsed }))
  })
    .listen(port, '127.0.0.1')
    .unref()
}

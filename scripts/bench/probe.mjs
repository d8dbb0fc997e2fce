// Preloaded into a benchmarked server (node --import): counts the PostgreSQL queries it sends and
// reports them with its CPU time and memory on a side port, so the bench can take per-order and
// per-request figures without instrumenting the app itself.
import { createServer } from 'node:http'
import { Client } from 'pg'

let queries = 0
/** Statements by their first words: where the queries go (GET /statements). */
const statements = new Map()
// The patch is on the class pg's pool instantiates; oxlint mistakes it for a default-export member.
// oxlint-disable-next-line import/no-named-as-default-member
const query = Client.prototype.query
// oxlint-disable-next-line import/no-named-as-default-member
Client.prototype.query = function countedQuery(...args) {
  queries++
  const text = typeof args[0] === 'string' ? args[0] : (args[0]?.text ?? '')
  const key = text.replace(/\s+/g, ' ').slice(0, 90)
  statements.set(key, (statements.get(key) ?? 0) + 1)
  return query.apply(this, args)
}

const port = Number(process.env.BENCH_PROBE_PORT)
if (port) {
  createServer((req, res) => {
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

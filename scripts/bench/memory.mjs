// Memory under mixed load: anonymous pages (HTML cache, with varying search strings so the cache
// fills and evicts) and signed-in pages at once, RSS sampled from the probe every few seconds.
import autocannon from 'autocannon'

const SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 60)
const SAMPLE_MS = 5_000

export async function memorySoak(server, cookie) {
  const samples = []
  const t0 = Date.now()
  const sample = async () => {
    const p = await server.probe()
    samples.push({
      s: Math.round((Date.now() - t0) / 1000),
      rssMB: Math.round(p.rss / 2 ** 20),
      heapMB: Math.round(p.heapUsed / 2 ** 20),
    })
  }
  await sample()
  const timer = setInterval(() => void sample(), SAMPLE_MS)
  let n = 0
  const anonymous = ['/', '/offer/1', '/news', '/fr/offer/1', '/de/news']
  const load = (opts) =>
    new Promise((resolve, reject) =>
      autocannon({ duration: SECONDS, ...opts }, (error, result) => (error ? reject(error) : resolve(result))),
    )
  try {
    const [anon, signed] = await Promise.all([
      load({
        url: server.base,
        connections: 20,
        // A new search string now and then: distinct cache keys keep arriving, as with real traffic.
        requests: [{ setupRequest: (req) => ({ ...req, path: `${anonymous[n++ % anonymous.length]}?v=${n % 3000}` }) }],
      }),
      load({ url: `${server.base}/offer/1`, connections: 5, headers: { cookie } }),
    ])
    await sample()
    const first = samples[1] ?? samples[0]
    const last = samples.at(-1)
    const result = {
      seconds: SECONDS,
      anonymousRequests: anon.requests.total,
      signedInRequests: signed.requests.total,
      samples,
      rssGrowthMB: last.rssMB - first.rssMB,
    }
    console.log(`\nMemory under mixed load (${SECONDS} s; RSS MB every ${SAMPLE_MS / 1000} s):`)
    console.log(`  ${samples.map((s) => s.rssMB).join(' ')}  (growth after warm-up ${result.rssGrowthMB} MB)`)
    return result
  } finally {
    clearInterval(timer)
  }
}

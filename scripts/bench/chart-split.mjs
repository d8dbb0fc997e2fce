// Where the dashboard's chart library ships: it must be in no page's first-load JavaScript, only in
// the lazily loaded dashboard chunk.
import { readdirSync, readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'

// uPlot's own class names, not its name: the dashboard's chunk names uPlot's chunk and stylesheet.
const CHART_MARKER = /\bu-cursor-x\b/

export function chartSplit(firstLoad) {
  const dir = 'dist/client/assets'
  const chartChunks = readdirSync(dir)
    .filter((f) => f.endsWith('.js') && CHART_MARKER.test(readFileSync(`${dir}/${f}`, 'utf8')))
    .map((f) => ({ file: f, gzipKB: +(gzipSync(readFileSync(`${dir}/${f}`)).length / 1024).toFixed(1) }))
  const leaks = firstLoad.flatMap((page) =>
    page.scripts.filter((f) => chartChunks.some((c) => f.url.endsWith(c.file))).map((f) => `${page.path}: ${f.url}`),
  )
  console.log('\nChart library (uPlot) chunks:')
  for (const c of chartChunks) console.log(`  ${c.file} ${c.gzipKB} KB gzip`)
  console.log(
    leaks.length
      ? `  in first-load JS of: ${leaks.join(', ')}`
      : '  in no page’s first-load JS (loaded lazily by the dashboard only)',
  )
  return { chartChunks, leaks }
}

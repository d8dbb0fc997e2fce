// Lighthouse mobile performance per page, median of N runs, with Debian's chromium
// (CHROME_PATH, default /usr/bin/chromium). Runs the CLI the way a developer would, one page at a
// time, so the score reflects the page alone on this machine.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export const LIGHTHOUSE_TARGET = 95
export const LIGHTHOUSE_PAGES = ['/', '/offer/1', '/de/news', '/articles/store-open-in-six-languages']

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3)

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]
}

function runOnce(url, dir, i) {
  const output = join(dir, `run-${i}.json`)
  const result = spawnSync(
    'node_modules/.bin/lighthouse',
    [
      url,
      '--only-categories=performance',
      '--output=json',
      `--output-path=${output}`,
      '--quiet',
      '--chrome-flags=--headless --no-sandbox --disable-gpu',
    ],
    { env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' }, encoding: 'utf8' },
  )
  if (result.status !== 0) throw new Error(`lighthouse ${url}: ${result.stderr || result.stdout}`)
  const report = JSON.parse(readFileSync(output, 'utf8'))
  const audit = (id) => report.audits[id]?.numericValue ?? NaN
  return {
    score: Math.round(report.categories.performance.score * 100),
    lcpMs: Math.round(audit('largest-contentful-paint')),
    tbtMs: Math.round(audit('total-blocking-time')),
    cls: +audit('cumulative-layout-shift').toFixed(3),
    fcpMs: Math.round(audit('first-contentful-paint')),
  }
}

/** Scores each page RUNS times; returns the median per figure and the worst score. */
export function lighthouseScores(base, pages = LIGHTHOUSE_PAGES) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-lighthouse-'))
  const rows = []
  try {
    for (const path of pages) {
      const runs = []
      for (let i = 0; i < RUNS; i++) runs.push(runOnce(base + path, dir, i))
      rows.push({
        path,
        score: median(runs.map((r) => r.score)),
        min: Math.min(...runs.map((r) => r.score)),
        lcpMs: median(runs.map((r) => r.lcpMs)),
        tbtMs: median(runs.map((r) => r.tbtMs)),
        cls: median(runs.map((r) => r.cls)),
        fcpMs: median(runs.map((r) => r.fcpMs)),
        runs,
      })
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
  console.log(`\nLighthouse mobile performance (median of ${RUNS}; target ≥ ${LIGHTHOUSE_TARGET} every run):`)
  for (const r of rows) {
    r.meetsTarget = r.min >= LIGHTHOUSE_TARGET
    console.log(
      `  ${r.path.padEnd(40)} ${String(r.score).padStart(3)} (min ${r.min})  LCP ${r.lcpMs} ms  TBT ${r.tbtMs} ms` +
        `  CLS ${r.cls}  FCP ${r.fcpMs} ms  ${r.meetsTarget ? 'ok' : 'BELOW TARGET'}`,
    )
  }
  return rows
}

// Lighthouse mobile per page, median of N runs, with Debian's chromium (CHROME_PATH, default
// /usr/bin/chromium): performance (score, LCP, TBT, CLS, FCP), accessibility and SEO, each printed
// beside its target (issue 36). Runs the CLI the way a developer would, one page at a time, so the
// figures reflect the page alone on this machine; they vary from run to run here, hence medians.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** Issue 36's targets: the medians must meet them on every page. */
export const LIGHTHOUSE_TARGETS = { score: 100, lcpMs: 1200, tbtMs: 100, accessibility: 100, seo: 100 }
export const LIGHTHOUSE_PAGES = [
  '/',
  '/offer/1',
  '/de/news',
  '/categories/mobile-games',
  '/articles/store-open-in-six-languages',
]

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
      '--only-categories=performance,accessibility,seo',
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
    accessibility: Math.round(report.categories.accessibility.score * 100),
    seo: Math.round(report.categories.seo.score * 100),
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
      const of = (key) => median(runs.map((r) => r[key]))
      rows.push({
        path,
        score: of('score'),
        min: Math.min(...runs.map((r) => r.score)),
        lcpMs: of('lcpMs'),
        lcpRange: [Math.min(...runs.map((r) => r.lcpMs)), Math.max(...runs.map((r) => r.lcpMs))],
        tbtMs: of('tbtMs'),
        cls: of('cls'),
        fcpMs: of('fcpMs'),
        accessibility: of('accessibility'),
        seo: of('seo'),
        runs,
      })
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
  const T = LIGHTHOUSE_TARGETS
  console.log(
    `\nLighthouse mobile (median of ${RUNS}; targets: score ${T.score}, LCP ≤ ${T.lcpMs} ms, TBT ≤ ${T.tbtMs} ms,` +
      ` accessibility ${T.accessibility}, SEO ${T.seo}):`,
  )
  for (const r of rows) {
    const misses = [
      r.score < T.score && `score ${r.score} < ${T.score}`,
      r.lcpMs > T.lcpMs && `LCP ${r.lcpMs} > ${T.lcpMs} ms`,
      r.tbtMs > T.tbtMs && `TBT ${r.tbtMs} > ${T.tbtMs} ms`,
      r.accessibility < T.accessibility && `accessibility ${r.accessibility} < ${T.accessibility}`,
      r.seo < T.seo && `SEO ${r.seo} < ${T.seo}`,
    ].filter(Boolean)
    r.meetsTarget = misses.length === 0
    console.log(
      `  ${r.path.padEnd(40)} score ${String(r.score).padStart(3)} (min ${r.min}; target ${T.score})` +
        `  LCP ${r.lcpMs} ms (${r.lcpRange.join('–')}; target ≤ ${T.lcpMs})  TBT ${r.tbtMs} ms (target ≤ ${T.tbtMs})` +
        `  CLS ${r.cls}  FCP ${r.fcpMs} ms  a11y ${r.accessibility} (target ${T.accessibility})` +
        `  SEO ${r.seo} (target ${T.seo})  ${r.meetsTarget ? 'ok' : `MISSES: ${misses.join(', ')}`}`,
    )
  }
  return rows
}

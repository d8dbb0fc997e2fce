// `npm test`: every check and every suite, in the order that fails fastest. Ends with one
// "Tests: N passed, N failed" line summing the Vitest and Playwright results.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'

const results = 'test-results'
rmSync(results, { recursive: true, force: true })
mkdirSync(results, { recursive: true })

function run(label, cmd, args, env = {}) {
  console.log(`\n▶ ${label}`)
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } })
  return r.status === 0
}

const steps = [
  ['format check', 'npx', ['prettier', '--check', '.', '--log-level', 'warn']],
  ['lint', 'npx', ['oxlint', '--deny-warnings', 'src', 'tests', 'scripts']],
  ['build', 'npm', ['run', 'build']],
  ['typecheck', 'npx', ['tsc', '--noEmit']],
]
let ok = true
for (const [label, cmd, args] of steps) {
  if (!run(label, cmd, args)) {
    ok = false
    console.error(`✗ ${label} failed`)
    break
  }
}

let passed = 0
let failed = 0
if (ok) {
  const vitestOk = run('unit and integration tests (Vitest)', 'npx', [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${results}/vitest.json`,
  ])
  if (existsSync(`${results}/vitest.json`)) {
    const v = JSON.parse(readFileSync(`${results}/vitest.json`, 'utf8'))
    passed += v.numPassedTests ?? 0
    failed += (v.numFailedTests ?? 0) + (vitestOk || v.numFailedTests ? 0 : 1)
  } else if (!vitestOk) failed += 1

  const e2eOk = run('browser journeys (Playwright)', 'npx', ['playwright', 'test'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: `${results}/playwright.json`,
  })
  if (existsSync(`${results}/playwright.json`)) {
    const p = JSON.parse(readFileSync(`${results}/playwright.json`, 'utf8'))
    passed += p.stats?.expected ?? 0
    failed += (p.stats?.unexpected ?? 0) + (e2eOk || p.stats?.unexpected ? 0 : 1)
  } else if (!e2eOk) failed += 1
  ok = vitestOk && e2eOk
} else {
  failed += 1
}

console.log(`\nTests: ${passed} passed, ${failed} failed`)
process.exit(ok && failed === 0 ? 0 : 1)

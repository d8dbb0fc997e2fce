import { defineConfig } from '@playwright/test'
import { E2E_PORT, E2E_SERVER_ENV } from './tests/e2e/server-env'

const port = E2E_PORT
/** Journeys that move the server's test clock: alone, after the others (see projects). */
// The staff step-up journey moves it 16 minutes: beside it, another journey's admin found its own
// step-up expired and its refund refused (store-credit.spec failed that way in two CI runs).
const CLOCK_JOURNEYS = /(affiliate-journey|staff-second-factor|passkeys-staff)\.spec\.ts$/

export default defineConfig({
  testDir: 'tests/e2e',
  // Every test makes its own users (user-fixture.ts) and orders: any test may run beside any other.
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  // Two workers and the server share two cores: give each check some room before it fails.
  expect: { timeout: 10_000 },
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? 'test-results/playwright.json' }],
  ],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    trace: 'retain-on-failure',
  },
  projects: [
    { name: 'journeys', testIgnore: CLOCK_JOURNEYS },
    {
      // Moving the clock shifts "now" for everything else on the one server (hold periods,
      // attribution windows, after that expiries): these run after the others, one at a time.
      name: 'clock',
      testMatch: CLOCK_JOURNEYS,
      dependencies: ['journeys'],
      workers: 1,
    },
  ],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `http://127.0.0.1:${port}/api/cms/links`,
    // Generous: the first start runs initdb, migrations and the seed, slow on a busy machine.
    timeout: 300_000,
    reuseExistingServer: !process.env.CI,
    env: { ...E2E_SERVER_ENV, PORT: String(port) },
  },
})

import { defineConfig } from '@playwright/test'

const port = Number(process.env.E2E_PORT ?? 3100)
/** Journeys that move the server's test clock: alone, after the others (see projects). */
const CLOCK_JOURNEYS = /affiliate-journey\.spec\.ts$/

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
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      // The journeys test the live-chat loader against a stand-in script they serve themselves.
      LIVE_CHAT_SCRIPT_URL: '/__e2e/chat-standin.js',
      LIVE_CHAT_SITE_ID: 'e2e-site',
      // The affiliate journey moves the clock past the commission hold (POST /api/workshop/clock).
      ALLOW_TEST_CLOCK: 'true',
      // Every journey comes from 127.0.0.1 and many sign in as the same shopper: one client and one
      // user for the whole suite. The limits themselves are tested in production-defaults.test.ts.
      PLAYER_LOOKUP_LIMIT: '5000',
      COUPON_LOOKUP_LIMIT: '5000',
      // Each test makes its own accounts (POST /api/workshop/test-users, tests/e2e/user-fixture.ts).
      ALLOW_TEST_FIXTURES: 'true',
      // Tests are clients of their own addresses (X-Forwarded-For from loopback, user-fixture.ts).
      TRUST_PROXY: '127.0.0.1,::1',
    },
  },
})

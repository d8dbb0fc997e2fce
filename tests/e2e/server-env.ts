/**
 * The settings of the server the browser journeys run against (scripts/e2e-server.mjs), shared by
 * playwright.config.ts and the journeys that start a server of their own with other settings
 * (payments-stripe.spec.ts).
 */
export const E2E_SERVER_ENV: Record<string, string> = {
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
}

/** The port of the journeys' server. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100)

import { fileURLToPath } from 'node:url'
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin'
import babel from '@rolldown/plugin-babel'
import { defineConfig } from 'vitest/config'

/** Suites that start the production build (`node server.mjs`) as a separate process. */
const BUILT_SERVER_SUITES = [
  'tests/integration/auth-*.test.ts',
  'tests/integration/production-defaults.test.ts',
  'tests/integration/start-without-database.test.ts',
  'tests/integration/start-provider-keys.test.ts',
  'tests/integration/start-supplier-service.test.ts',
  'tests/integration/html-cache.test.ts',
  'tests/integration/malformed-input.test.ts',
  'tests/integration/admin-access.test.ts',
  'tests/integration/player-fix-door.test.ts',
  'tests/integration/store-credit-commission-door.test.ts',
  // Operations: graceful shutdown, metrics, tracing (ADR 093–096).
  'tests/integration/ops-*.test.ts',
]

// Kept apart from vite.config.ts so tests do not load the Start, Lingui and Tailwind plugins; only
// the Lingui macro runs, for server modules whose six-language texts are `msg` descriptors.
export default defineConfig({
  plugins: [babel({ include: /\/src\/.*\.tsx?$/, presets: [linguiTransformerBabelPreset()] })],
  resolve: { alias: { '~': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    // Two cores on the machines this runs on: two test files at a time, whatever the project.
    maxWorkers: 2,
    // Lines of the domain modules run in-process (the built-server suites exercise the same code in
    // another process, which v8 coverage cannot see). `npm test` runs with coverage on and fails
    // below the threshold (ADR 085); `npm run test:coverage` is the same without the other steps.
    coverage: {
      provider: 'v8',
      include: ['src/modules/**/*.{ts,tsx}'],
      thresholds: { lines: 85 },
      reporter: ['text-summary', 'json-summary'],
      reportsDirectory: 'test-results/coverage',
    },
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          exclude: BUILT_SERVER_SUITES,
          environment: 'node',
          // The composition root, as every entry point runs it (src/app/wiring.ts).
          setupFiles: ['tests/integration/wiring.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Two files at a time (the root's maxWorkers): each has its own PGlite directory, throwaway
          // PostgreSQL database and data directory (test-config.ts), and waits on the database
          // about half the time, so a second file fills the other core (these two groups: about 8.5 → 5.2 min).
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        // The app's own catalogue loading (dynamic `.po` imports, compiled as in the build).
        plugins: [lingui()],
        test: {
          // Components rendered in a simulated DOM with the real catalogues, a seeded query client
          // and a memory router; server functions are mocked at their `*.functions.ts` door.
          name: 'ui',
          include: ['tests/ui/**/*.test.tsx'],
          environment: 'happy-dom',
          // Stylesheets and scripts are never fetched; a <link precedence> React waits for counts as
          // loaded, as in a browser once the file arrives.
          environmentOptions: { happyDOM: { settings: { handleDisabledFileLoadingAsSuccess: true } } },
          setupFiles: ['tests/ui/setup.ts'],
          // Above findBy's own 5 s limit (tests/ui/setup.ts), so a slow machine fails a query, not a test.
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: BUILT_SERVER_SUITES,
          environment: 'node',
          // Builds dist/ first when it is missing or older than the sources.
          globalSetup: ['tests/integration/build-first.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // After the other integration files: never two groups on the machine at once; within the
          // group two servers at a time (each on its own free ports and database).
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
})

import { fileURLToPath } from 'node:url'
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin'
import babel from '@rolldown/plugin-babel'
import { defineConfig } from 'vitest/config'

/** Suites that start the production build (`node server.mjs`) as a separate process. */
const BUILT_SERVER_SUITES = [
  'tests/integration/auth-*.test.ts',
  'tests/integration/production-defaults.test.ts',
  'tests/integration/start-without-database.test.ts',
  'tests/integration/html-cache.test.ts',
  'tests/integration/malformed-input.test.ts',
  'tests/integration/admin-access.test.ts',
  'tests/integration/player-fix-door.test.ts',
  'tests/integration/store-credit-commission-door.test.ts',
]

// Kept apart from vite.config.ts so tests do not load the Start, Lingui and Tailwind plugins; only
// the Lingui macro runs, for server modules whose six-language texts are `msg` descriptors.
export default defineConfig({
  plugins: [babel({ include: /\/src\/.*\.tsx?$/, presets: [linguiTransformerBabelPreset()] })],
  resolve: { alias: { '~': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    // `npm run test:coverage`: lines of the domain modules run in-process (the built-server suites
    // exercise the same code in another process, which v8 coverage cannot see).
    coverage: {
      provider: 'v8',
      include: ['src/modules/**/*.{ts,tsx}'],
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
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Files share one PostgreSQL server and start PGlite instances (~250 MB each): one at a time.
          fileParallelism: false,
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
          fileParallelism: false,
          // After the other integration files: never two heavy groups on the machine at once.
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
})

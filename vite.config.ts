import { defineConfig } from 'vite'
import { tanstackStart } from '@tanstack/react-start/plugin/vite'
import react from '@vitejs/plugin-react'
import babel from '@rolldown/plugin-babel'
import tailwindcss from '@tailwindcss/vite'
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin'
import { fileURLToPath } from 'node:url'
import { createHash, randomBytes } from 'node:crypto'
import type { Plugin } from 'vite'

/** One id per build: the client compares it with /builds/latest.json to notice new deployments. */
// Vite may evaluate this file once per environment: keep the first id in the environment.
process.env.BUILD_ID ??= `${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}-${randomBytes(3).toString('hex')}`
const buildId = process.env.BUILD_ID

function buildInfo(): Plugin {
  return {
    name: 'build-info',
    applyToEnvironment: (env) => env.name === 'client',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'builds/latest.json',
        source: JSON.stringify({ id: buildId, builtAt: new Date().toISOString() }),
      })
    },
  }
}

export default defineConfig({
  define: { __BUILD_ID__: JSON.stringify(buildId) },
  resolve: {
    alias: [
      { find: /^~\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) },
      // TanStack Store asks for the React 17 shim of useSyncExternalStore; React 19 has the hook
      // itself, so the shim's fallback need not ship (ADR 072).
      { find: /^use-sync-external-store\/shim\/with-selector$/, replacement: 'use-sync-external-store/with-selector' },
    ],
  },
  server: { port: 3000 },
  environments: {
    client: {
      build: {
        // No preload list for dynamic imports (ADR 070): Vite's table of every lazy chunk's
        // dependencies sat in the boot script (~2.5 KB gzip on every page); a route chunk now fetches
        // its few shared dependencies when the browser reads its imports. First loads are unchanged:
        // the server's head preloads the matched routes' chunks from Start's manifest.
        modulePreload: false,
        rolldownOptions: {
          treeshake: {
            // Building a zod schema has no side effects: an unused one (a server function's input
            // schema once the client build strips .validator()) must not keep zod in the bundle.
            manualPureFunctions: ['z'],
            moduleSideEffects: (id: string) => (/\/src\/modules\/.+\.schemas\.ts$/.test(id) ? false : undefined),
          },
          output: {
            codeSplitting: {
              groups: [
                { name: 'boot', tags: ['$initial'] },
                {
                  name: 'purchase',
                  test: /\/src\/(modules\/(fulfilment\/(components\/(player-form|player-id-help|saved-player-choice)|player-form|player-profiles\.queries|player\.functions)|errors\/retry-after-text|catalog\/(components\/(offer-purchase|sku-grid|buy-box|offer-header|currency-switcher)|package-value|offer\.(queries|functions)))|components\/payment-logos)|@tanstack\/(react-query|query-core)\/build\/modern\/(useMutation|mutationObserver)/,
                },
              ],
            },
            // Name each catalogue's chunk after its locale: messages-admin-fr-<hash>.js for a back-office
            // area's; messages-fr-<build id>.js for the storefront's, a name the server knows, so the
            // page's head preloads it beside the boot script (catalogPreloadHref, ADR 061).
            chunkFileNames: (chunk) => {
              const [, locale, name] = chunk.facadeModuleId?.match(/locales\/([a-z]{2})\/(\w+)\.po/) ?? []
              if (!locale) return 'assets/[name]-[hash].js'
              return name === 'messages'
                ? `assets/messages-${locale}-${buildId}.js`
                : `assets/messages-${name}-${locale}-[hash].js`
            },
          },
        },
      },
    },
  },
  plugins: [
    tanstackStart({
      srcDirectory: 'src',
      serverFns: {
        // A server function's id is in every page that can call it: 10 characters of the default's
        // SHA-256 (60 bits: no collision among a few hundred) instead of all 64 hex digits, which
        // gzip cannot shrink (~0.6 KB of the offer page's first load, ADR 072). Ids are public and
        // carry no authority: every server function checks its caller itself.
        generateFunctionId: ({ filename, functionName }) =>
          createHash('sha256').update(`${filename}--${functionName}`).digest('base64url').slice(0, 10),
      },
      router: {
        routesDirectory: 'routes',
        quoteStyle: 'single',
        semicolons: false,
        // Everything of a route that can wait goes into ONE chunk per route, fetched when the route
        // is visited: its loader and all its components (including the pending skeleton, which
        // otherwise drags its module into every page's boot script).
        codeSplittingOptions: {
          defaultBehavior: [['loader', 'component', 'pendingComponent', 'errorComponent', 'notFoundComponent']],
        },
      },
      importProtection: {
        behavior: 'error',
        client: {
          files: ['**/src/server/**', '**/src/app/**', '**/*.server.*', '**/app.config.ts'],
          // The payment providers' SDKs hold no browser code of ours (issue 30: nothing of them in a
          // shopper's first-load JS); their adapters live in src/server, this names the packages too.
          specifiers: [
            '@electric-sql/pglite',
            'pg',
            'drizzle-orm/pglite',
            'drizzle-orm/node-postgres',
            'stripe',
            '@paypal/paypal-server-sdk',
          ],
        },
      },
    }),
    react(),
    lingui(),
    // Not anchored with `$`: route chunks carry `?tsr-split=...` and must get the macro too.
    babel({
      include: /\/src\/.*\.[jt]sx?/,
      presets: [linguiTransformerBabelPreset()],
    }),
    tailwindcss(),
    buildInfo(),
  ],
})

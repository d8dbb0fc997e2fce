import { defineConfig } from 'vite'
import { tanstackStart } from '@tanstack/react-start/plugin/vite'
import react from '@vitejs/plugin-react'
import babel from '@rolldown/plugin-babel'
import tailwindcss from '@tailwindcss/vite'
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin'
import { fileURLToPath } from 'node:url'
import { randomBytes } from 'node:crypto'
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
  resolve: { alias: { '~': fileURLToPath(new URL('./src', import.meta.url)) } },
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
              groups: [{ name: 'boot', tags: ['$initial'] }],
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
          files: ['**/src/server/**', '**/*.server.*', '**/app.config.ts'],
          specifiers: ['@electric-sql/pglite', 'pg', 'drizzle-orm/pglite', 'drizzle-orm/node-postgres'],
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

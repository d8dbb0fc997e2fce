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
        rolldownOptions: {
          output: {
            // Name each locale's catalog chunk after its locale (messages-fr-<hash>.js).
            chunkFileNames: (chunk) => {
              const locale = chunk.facadeModuleId?.match(/locales\/([a-z]{2})\/messages\.po/)?.[1]
              return locale ? `assets/messages-${locale}-[hash].js` : 'assets/[name]-[hash].js'
            },
          },
        },
      },
    },
  },
  plugins: [
    tanstackStart({
      srcDirectory: 'src',
      router: { routesDirectory: 'routes', quoteStyle: 'single', semicolons: false },
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

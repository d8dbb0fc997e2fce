import { defineConfig } from 'drizzle-kit'

// Generating migrations needs no database: `npx drizzle-kit generate` diffs the schema files
// against the snapshots in ./drizzle. The same migrations run on PGlite and PostgreSQL.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema/index.ts',
  out: './drizzle',
  strict: true,
  verbose: true,
})

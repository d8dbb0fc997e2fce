/** Key/value facts about the database itself, e.g. 'seed_version' marks demo data as loaded. */
import { jsonb, pgTable, text } from 'drizzle-orm/pg-core'
import { tstz } from './columns'

export const meta = pgTable('meta', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
})

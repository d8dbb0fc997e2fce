/**
 * Column helpers shared by every schema file, so money, currency, locale and time columns are
 * declared the same way everywhere.
 */
import { sql, type SQL } from 'drizzle-orm'
import { char, integer, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core'

/** The site's locales, re-exported so schema files and the seed take them from one place. */
export { LOCALES, type Locale } from '~/modules/i18n/locales'

/** timestamptz, read as Date: both drivers then agree and time zones never leak into logic. */
export const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })
export const createdAt = () => tstz('created_at').notNull().defaultNow()
export const updatedAt = () => tstz('updated_at').notNull().defaultNow()

/**
 * Money is integer minor units (cents, kopecks) next to a currency column. int4 holds up to
 * 21,474,836.47 in a two-decimal currency per row, far above any top-up; it is also read back as a
 * JS number by both drivers, even in raw `execute()` (int8 would come back as a string on pg).
 */
export const minor = (name: string) => integer(name)

/** ISO 4217 code, upper case. */
export const currencyCode = (name = 'currency') => char(name, { length: 3 })

export const localeCode = (name = 'locale') => text(name)

/** SQL `col IN ('a','b')` for CHECK constraints built from a TS const list. */
export function inList(column: AnyPgColumn, values: readonly (string | number)[]): SQL {
  const items = values.map((v) => (typeof v === 'number' ? sql.raw(String(v)) : sql.raw(`'${v.replace(/'/g, "''")}'`)))
  return sql`${column} in (${sql.join(items, sql`, `)})`
}

export const isCurrency = (column: AnyPgColumn) => sql`${column} ~ '^[A-Z]{3}$'`

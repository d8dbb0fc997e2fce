/**
 * ADR 126: every table that points at an account has its line in the deletion's ERASE_PLAN, so a
 * feature that adds one (passkeys, creator codes…) decides what deleting an account does to it.
 */
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core'
import { expect, it } from 'vitest'
import { ERASE_PLAN } from '../../src/modules/privacy/deletion.server'
import * as schema from '../../src/server/db/schema'

it('names every table that references users', () => {
  const tables: PgTable[] = (Object.values(schema) as unknown[]).filter((value) => value instanceof PgTable)
  const referencing = tables
    .map((table) => getTableConfig(table))
    .filter((config) => config.foreignKeys.some((fk) => getTableConfig(fk.reference().foreignTable).name === 'users'))
    .map((config) => config.name)
  expect(referencing.length).toBeGreaterThan(10)
  expect(
    referencing.filter((name) => !(name in ERASE_PLAN)),
    'add a line to ERASE_PLAN (src/modules/privacy/deletion.server.ts) and erase the rows in eraseAccount',
  ).toEqual([])
})

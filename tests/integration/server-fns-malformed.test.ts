/**
 * Issue 10, acceptance 3: a caller's mistake is never a server error. Every exported server
 * function of src/modules, called in-process (server-fns.ts) by a signed-in admin who is also a
 * promoter (so the door lets the input through to the validator and the use case), with payloads
 * a client could send but no form does: each is answered with a refusal or a value, never an
 * internal error.
 */
import { ordersConfigForFile } from './test-config'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { becomePromoter } from '../../src/modules/affiliate/promoters.server'
import { closeDb, getDb, type Db } from '../../src/server/db/client'
import { seedDemoData } from '../../src/app/seed/seed'
import { callServerFn, exportedServerFns, makeCallers } from './server-fns'

// The orders tests' settings (their own data directory for the app's database and mail outbox).
ordersConfigForFile()

vi.mock('@tanstack/react-start', async (original) => (await import('./server-fns')).providerStart(await original()))

const modules = import.meta.glob<Record<string, unknown>>('../../src/modules/**/*.functions.ts', { eager: true })

// Vite's `define` in vite.config.ts (vitest.config.ts does not load it): the build the shell reports.
vi.stubGlobal('__BUILD_ID__', 'test-build')

let db: Db
beforeAll(async () => {
  db = await getDb()
  await seedDemoData(db)
}, 120_000)
afterAll(async () => {
  await closeDb()
})

const caller = makeCallers(() => db)

const PAYLOADS: [string, unknown][] = [
  ['no data', undefined],
  ['null', null],
  ['an empty object', {}],
  ['an array', [1, 2]],
  ['a string', 'x'],
  ['a number', 42],
  ['a NUL character in every usual field', Object.fromEntries(FIELDS().map((k) => [k, 'a\u0000b']))],
  ['numbers beyond int4 in every usual field', Object.fromEntries(FIELDS().map((k) => [k, 2 ** 31]))],
  ['nested junk', { id: { $gt: '' }, items: [{}], player: [], decision: 'x', translations: [null] }],
]

/** Field names the server functions take, so the junk reaches past "required". */
function FIELDS(): string[] {
  return [
    'id',
    'orderId',
    'offerId',
    'skuId',
    'userId',
    'gameId',
    'requestId',
    'code',
    'email',
    'slug',
    'alias',
  ].concat(['locale', 'page', 'q', 'amountMinor', 'currency', 'method', 'target', 'campaign', 'playerId', 'label'])
}

describe.each(Object.entries(modules))('%s', (_file, exports) => {
  it.each([...exportedServerFns({ file: exports }).entries()])(
    '%s answers malformed input without an internal error',
    async (_name, fn) => {
      const admin = await caller('admin')
      await becomePromoter(db, admin.id, { currency: 'USD' })
      for (const [label, data] of PAYLOADS) {
        const answer = await callServerFn(fn, data, { cookie: admin.cookie })
        expect(answer.code, `${label}: ${String(answer.error)}`).not.toBe('INTERNAL')
        expect(answer.status, label).toBeLessThan(500)
      }
    },
  )
})

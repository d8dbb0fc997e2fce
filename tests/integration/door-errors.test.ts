/**
 * Issue 34: an unexpected error inside a server function answered 200 with the database's own
 * text (SQL and parameters) and was not logged. Through the door (ADR 083) it is a 500 with a
 * generic body carrying the request id, and one error line with the stack. The failure is injected
 * into the use case behind a real server function, as a deadlock would surface from drizzle.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import * as catalogFns from '../../src/modules/catalog/catalog.functions'
import { closeDb, getDb } from '../../src/server/db/client'
import { withRequestId } from '../../src/server/request-id'
import { log } from '../../src/server/log'
import { callServerFn } from './server-fns'
import { ordersConfigForFile } from './test-config'

ordersConfigForFile()

vi.mock('@tanstack/react-start', async (original) => (await import('./server-fns')).providerStart(await original()))

const SQL_TEXT = 'Failed query: select "id" from "users" where "role" = $1 for update\nparams: admin'
const failure = vi.hoisted(() => ({ next: undefined as Error | undefined }))

vi.mock('../../src/modules/catalog/catalog.server', async (original) => {
  const actual = await original<typeof import('../../src/modules/catalog/catalog.server')>()
  return {
    ...actual,
    listNavigation: (...args: Parameters<typeof actual.listNavigation>) => {
      if (failure.next) throw failure.next
      return actual.listNavigation(...args)
    },
  }
})

// Opened (and migrated) before the tests, so no test's time goes to the first open.
beforeAll(async () => {
  await getDb()
}, 120_000)
afterAll(async () => {
  await closeDb()
})

describe('an unexpected error inside a server function', () => {
  beforeEach(() => {
    failure.next = new Error(SQL_TEXT)
  })

  it('answers 500 with a generic coded error and the request id, never the SQL', async () => {
    const answer = await withRequestId('req-door-500', () => callServerFn(catalogFns.getNavigation, { locale: 'en' }))
    expect(answer.status).toBe(500)
    expect(answer.code).toBe('INTERNAL')
    expect(answer.error).toMatchObject({
      code: 'INTERNAL',
      message: 'Internal Server Error',
      requestId: 'req-door-500',
    })
    // What Start serializes for the client: the error's own properties, none of them the cause.
    const sent = JSON.stringify({ ...(answer.error as object), message: (answer.error as Error).message })
    expect(sent).not.toMatch(/Failed query|params|select/i)
    expect((answer.error as { cause?: unknown }).cause).toBeUndefined()
  })

  it('is logged once at error level with the original error (its stack)', async () => {
    const errors = vi.spyOn(log, 'error')
    try {
      await withRequestId('req-door-log', () => callServerFn(catalogFns.getNavigation, { locale: 'en' }))
      expect(errors).toHaveBeenCalledTimes(1)
      const [fields, msg] = errors.mock.calls[0]!
      expect(msg).toBe('unhandled error in server function')
      expect((fields as { err: Error }).err).toBe(failure.next)
      expect((fields as { err: Error }).err.stack).toContain(SQL_TEXT.split('\n')[0])
    } finally {
      errors.mockRestore()
    }
  })

  it('leaves a refusal as it was: a 4xx with its code, not logged as an error', async () => {
    failure.next = undefined
    const errors = vi.spyOn(log, 'error')
    try {
      const answer = await callServerFn(catalogFns.getNavigation, { locale: 'xx' })
      expect(answer.status).toBe(400)
      expect(answer.code).toBe('INVALID_INPUT')
      expect(errors).not.toHaveBeenCalled()
    } finally {
      errors.mockRestore()
    }
  })
})

/**
 * Calling the UI's server functions (src/modules/<domain>/*.functions.ts) in-process, the way the
 * production server runs them, without a server (ADR 065):
 *
 * - Start's compiler is not in Vitest's pipeline, so a test file mocks `@tanstack/react-start`
 *   with `providerStart`, which builds each `createServerFn(...).handler(fn)` as the compiler's
 *   server ("provider") build does: `.handler(rpcStub, fn)`, the stub calling `__executeServer`.
 * - `callServerFn` then runs that `__executeServer` inside Start's own request scope
 *   (`createServerEntry`, so `getRequest()` / `setResponseStatus()` work on a plain Request) and
 *   Start context (`runWithStartContext` with the app's `startInstance` options), wrapped in the
 *   production `guardServerFnCall`: the app's global function middleware (the input guard) and
 *   the function's own validator run as in production, and the status is the one Start would send.
 *
 * Not run here: the HTTP transport (seroval decoding of the payload, the CSRF request middleware,
 * the /_serverFn/ id lookup); the built-server suites (malformed-input, admin-access) cover those.
 */
import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createServerEntry, getResponseHeader, getResponseStatus } from '@tanstack/react-start/server'
import { runWithStartContext } from '@tanstack/start-storage-context'
import { becomePromoter } from '../../src/modules/affiliate/promoters.server'
import type { ActionFailure } from '../../src/modules/errors/action-result'
import { ERROR_STATUS, type ErrorCode } from '../../src/modules/errors/app-error'
import type { Db } from '../../src/server/db/client'
import { users } from '../../src/server/db/schema'
import { classifyError } from '../../src/server/http/respond'
import { guardServerFnCall } from '../../src/server/http/server-fn-guard'
import { startInstance } from '../../src/start'
import { sessionCookie } from './doors'

type StartModule = typeof import('@tanstack/react-start')
type AnyFn = (...args: never[]) => unknown

/**
 * The `@tanstack/react-start` module as the compiler's server build sees it: `createServerFn`
 * chains whose `.handler(fn)` becomes `.handler(stub, fn)`. Use in a test file as
 * `vi.mock('@tanstack/react-start', async (original) => (await import('./server-fns')).providerStart(await original()))`.
 */
export function providerStart(actual: StartModule): StartModule {
  type Builder = ReturnType<StartModule['createServerFn']>
  const wrap = (builder: Builder): Builder => {
    const b = builder as unknown as Record<string, (...args: unknown[]) => unknown> & AnyFn
    const chain = (...args: unknown[]) => wrap((b as unknown as (...a: unknown[]) => Builder)(...args))
    return Object.assign(chain, {
      options: (b as unknown as { options: unknown }).options,
      middleware: (m: unknown) => wrap(b.middleware!(m) as Builder),
      validator: (v: unknown) => wrap(b.validator!(v) as Builder),
      handler: (fn: unknown) => {
        const exported = b.handler!(
          (opts: unknown) => (exported as { __executeServer: (o: unknown) => unknown }).__executeServer(opts),
          fn,
        )
        return exported
      },
    }) as unknown as Builder
  }
  return {
    ...actual,
    createServerFn: ((options?: unknown) =>
      wrap((actual.createServerFn as (o?: unknown) => Builder)(options))) as StartModule['createServerFn'],
  }
}

/** A server function as Start's provider build exports it. */
export interface ServerFn {
  method?: string
  __executeServer?: (opts: { data: unknown; method: string; context?: unknown }) => Promise<unknown>
}

export interface CallOptions {
  /** `Cookie` header (a session cookie from `sessionCookie(db, userId)`), none for a visitor. */
  cookie?: string
  headers?: Record<string, string>
  /** The site's origin as the browser called it (default `http://shop.test`). */
  origin?: string
}

/** What the caller gets: the HTTP status Start would send, and the result or the thrown error. */
export interface ServerFnAnswer {
  status: number
  result?: unknown
  error?: unknown
  /** The thrown error's code as the client reads it (the AppError's, INVALID_INPUT for a validator refusal). */
  code?: string
  /** For a validator refusal: the machine-readable zod issue codes (`invalid_type`, `too_big`…). */
  issueCodes?: string[]
  retryAfter?: string
  setCookies: string[]
}

/** Start's standard-schema validator throws `Error(JSON.stringify(issues))`. */
function validatorIssues(error: unknown): { code?: string; message: string }[] | undefined {
  if (!(error instanceof Error) || !error.message.startsWith('[')) return undefined
  try {
    const issues = JSON.parse(error.message) as unknown
    return Array.isArray(issues) ? (issues as { code?: string; message: string }[]) : undefined
  } catch {
    return undefined
  }
}

/**
 * Calls `fn` with `data` in a Start request for `POST /_serverFn/<fn>` from a fresh client address,
 * signed in by `opts.cookie` through the production session resolver.
 */
export async function callServerFn(fn: unknown, data?: unknown, opts: CallOptions = {}): Promise<ServerFnAnswer> {
  const serverFn = fn as ServerFn
  if (!serverFn.__executeServer) throw new Error('not a provider-built server function: mock @tanstack/react-start')
  const method = serverFn.method ?? 'GET'
  const headers = new Headers({ 'x-tsr-serverfn': 'true', 'sec-fetch-site': 'same-origin', ...opts.headers })
  if (opts.cookie) headers.set('cookie', opts.cookie)
  const request = new Request(`${opts.origin ?? 'http://shop.test'}/_serverFn/test`, {
    method: method === 'GET' ? 'GET' : 'POST',
    headers,
  })
  // The socket address Start would set: a fresh one per call, so no rate limit carries across tests.
  Object.assign(request, { ip: `198.51.100.${1 + (randomBytes(1)[0]! % 250)}` })
  const startOptions = await startInstance.getOptions()
  let answer: ServerFnAnswer | undefined
  const scoped = createServerEntry({
    fetch: (req) =>
      guardServerFnCall(req, () =>
        runWithStartContext(
          {
            request: req,
            startOptions,
            contextAfterGlobalMiddlewares: {},
            executedRequestMiddlewares: new Set(),
            handlerType: 'serverFn',
            getRouter: () => {
              throw new Error('no router in a server-function test')
            },
          } as unknown as Parameters<typeof runWithStartContext>[0],
          async () => {
            const res = (await serverFn.__executeServer!({ data, method })) as { result?: unknown; error?: unknown }
            const setCookie = getResponseHeader('set-cookie')
            answer = {
              status: getResponseStatus(),
              setCookies: setCookie === undefined ? [] : ([] as string[]).concat(setCookie),
              retryAfter: getResponseHeader('retry-after') as string | undefined,
            }
            if ('error' in res) {
              const issues = validatorIssues(res.error)
              answer.error = res.error
              answer.code = issues ? 'INVALID_INPUT' : classifyError(res.error).code
              if (issues) answer.issueCodes = issues.map((i) => i.code ?? i.message)
            } else answer.result = res.result
            return new Response(null, { status: answer.status })
          },
        ),
      ),
  })
  await scoped.fetch(request)
  if (!answer) throw new Error('the server function did not run')
  return answer
}

/**
 * Runs `run` as a page's server render would (a loader on the server, `GET <path>`): server
 * functions called the way routes call them (`fn({ data })`) execute in-process, signed in by
 * `opts.cookie`. What `run` returns, or throws, is what the loader would get.
 */
export async function duringPageRender<T>(
  run: () => Promise<T>,
  opts: CallOptions & { path?: string } = {},
): Promise<T> {
  const headers = new Headers(opts.headers)
  if (opts.cookie) headers.set('cookie', opts.cookie)
  const request = new Request(`${opts.origin ?? 'http://shop.test'}${opts.path ?? '/en'}`, { headers })
  Object.assign(request, { ip: `198.51.100.${1 + (randomBytes(1)[0]! % 250)}` })
  const startOptions = await startInstance.getOptions()
  let outcome: { value: T } | { error: unknown } | undefined
  const scoped = createServerEntry({
    fetch: (req) =>
      runWithStartContext(
        {
          request: req,
          startOptions,
          contextAfterGlobalMiddlewares: {},
          executedRequestMiddlewares: new Set(),
          handlerType: 'router',
          getRouter: () => {
            throw new Error('no router in a server-function test')
          },
        } as unknown as Parameters<typeof runWithStartContext>[0],
        async () => {
          try {
            outcome = { value: await run() }
          } catch (error) {
            outcome = { error }
          }
          return new Response(null)
        },
      ),
  })
  await scoped.fetch(request)
  if (!outcome) throw new Error('the render did not run')
  if ('error' in outcome) throw outcome.error
  return outcome.value
}

// ---------------------------------------------------------------------------------------------
// The door tables: one row per exported server function, run as 401 / 403 / 400 / success tests.
// ---------------------------------------------------------------------------------------------

/** Every `*.functions.ts` module under src/modules, by the test file whose table covers it. */
export const SERVER_FN_FILES: Record<string, string[]> = {
  'server-fns-admin.test.ts': [
    'admin/admin.functions.ts',
    'admin/staff-viewer.functions.ts',
    'catalog/catalog-edit.functions.ts',
    'catalog/navigation-edit.functions.ts',
    'coupons/coupon-edit.functions.ts',
    'cms/content-edit.functions.ts',
    'affiliate/promoter-admin.functions.ts',
    'accounts/staff.functions.ts',
    'store-credit/credit-admin.functions.ts',
    'payments/reconcile.functions.ts',
    'auth/staff-factor.functions.ts',
    'auth/staff-sessions.functions.ts',
  ],
  'server-fns-shop.test.ts': [
    'orders/orders.functions.ts',
    'payments/payments.functions.ts',
    'coupons/coupons.functions.ts',
    'store-credit/store-credit.functions.ts',
    'fulfilment/player.functions.ts',
    'fulfilment/player-profiles.functions.ts',
  ],
  'server-fns-affiliate.test.ts': ['affiliate/affiliate.functions.ts', 'affiliate/referral.functions.ts'],
  'server-fns-creator-codes.test.ts': ['creator-codes/creator-codes.functions.ts'],
  'server-fns-privacy.test.ts': ['privacy/privacy.functions.ts', 'privacy/privacy-admin.functions.ts'],
  'server-fns-storefront.test.ts': [
    'catalog/catalog.functions.ts',
    'catalog/category.functions.ts',
    'catalog/offer.functions.ts',
    'cms/cms.functions.ts',
    'cms/content.functions.ts',
    'shell/shell.functions.ts',
    'ops/monitor.functions.ts',
    'workshop/outbox.functions.ts',
    'search/search.functions.ts',
  ],
  'server-fns-accounts.test.ts': ['auth/auth.functions.ts', 'accounts/accounts.functions.ts'],
  'server-fns-passkeys.test.ts': ['passkeys/passkeys.functions.ts'],
}

/** The least a caller must be: anyone, signed in, a promoter, staff (support or admin), an admin. */
export type Gate = 'anyone' | 'user' | 'promoter' | 'staff' | 'admin'

/** A signed-in caller of the test: their id and the session cookie that signs a call in as them. */
export interface Who {
  id: string
  cookie: string
}

export interface DoorRow {
  /** Who may call; a refused caller is told one way by every function (ADR 083): the AppError thrown with its status (401 / 403). */
  gate: Gate
  /** A valid input for `caller` (the refusal tests send it too); none for a function without input. */
  input?: (caller: Who) => unknown
  /** An input the validator refuses: 400 INVALID_INPUT with `issue` among the issue codes. */
  invalid?: { data: unknown; issue: string }
  /** The origin the calls are made on (default `http://shop.test`). */
  origin?: string
  /** The success: what a permitted caller gets for `input`. */
  ok: (answer: ServerFnAnswer, caller: Who) => unknown
}

export interface DoorTableDeps {
  /** A fresh permitted caller for the gate (a new user per test). */
  caller: (gate: Gate | 'customer' | 'support') => Promise<Who>
}

/** True when `value` is a function Start's provider build exported (has `__executeServer`). */
export const isServerFn = (value: unknown): boolean =>
  typeof value === 'function' && typeof (value as ServerFn).__executeServer === 'function'

/** The exported server functions of `modules` (module exports by file), by export name. */
export function exportedServerFns(modules: Record<string, Record<string, unknown>>): Map<string, unknown> {
  const fns = new Map<string, unknown>()
  for (const [file, exports] of Object.entries(modules)) {
    for (const [name, value] of Object.entries(exports)) {
      if (!isServerFn(value)) continue
      if (fns.has(name)) throw new Error(`${name} is exported twice (${file})`)
      fns.set(name, value)
    }
  }
  return fns
}

/** The refusal a `gate` gives the wrong role, as [role that calls, expected issue]. */
const WRONG_ROLE: Partial<Record<Gate, ['customer' | 'support', string | undefined]>> = {
  staff: ['customer', undefined],
  admin: ['support', 'admin_only'],
  promoter: ['customer', 'not_promoter'],
}

/** Asserts a refusal of the caller: the AppError thrown, with its status (401 / 403) and issue. */
export function expectRefused(answer: ServerFnAnswer, code: 'UNAUTHENTICATED' | 'FORBIDDEN', issue?: string): void {
  expect(answer.code, String(answer.error ?? JSON.stringify(answer.result))).toBe(code)
  expect(answer.status).toBe(ERROR_STATUS[code])
  if (issue) expect((answer.error as { issues?: { message: string }[] }).issues?.map((i) => i.message)).toContain(issue)
}

/** The answer's ActionResult data, after asserting it succeeded. */
export function okData<T = Record<string, unknown>>(answer: ServerFnAnswer): T {
  expect(answer.error, String(answer.error)).toBeUndefined()
  expect(answer.result, JSON.stringify(answer.result)).toMatchObject({ ok: true })
  return (answer.result as { data: T }).data
}

/** The answer's plain result, after asserting the call succeeded with 200. */
export function resultOf<T = Record<string, unknown>>(answer: ServerFnAnswer): T {
  expect(answer.error, String(answer.error)).toBeUndefined()
  expect(answer.status).toBe(200)
  return answer.result as T
}

/** The answer's ActionResult refusal, after asserting it came with the code's HTTP status. */
export function refusalOf(answer: ServerFnAnswer, code: ErrorCode): ActionFailure {
  expect(answer.error, String(answer.error)).toBeUndefined()
  expect(answer.result).toMatchObject({ ok: false, code })
  expect(answer.status).toBe(ERROR_STATUS[code])
  return answer.result as ActionFailure
}

/**
 * Registers the door tests of `modules`' server functions: every exported function must have a
 * row (and every row a function), then per row 401 signed out, 403 for the wrong role, 400 for
 * invalid input, and the success.
 */
export function doorTable(
  modules: Record<string, Record<string, unknown>>,
  rows: Record<string, DoorRow>,
  deps: DoorTableDeps,
): void {
  const fns = exportedServerFns(modules)
  describe('the table of server functions', () => {
    it(`has one row for each server function of ${Object.keys(modules).join(', ')}`, () => {
      expect(Object.keys(rows).sort()).toEqual([...fns.keys()].sort())
    })
  })
  for (const [name, row] of Object.entries(rows)) {
    const fn = fns.get(name)
    describe(name, () => {
      if (row.gate !== 'anyone') {
        it('refuses a visitor: UNAUTHENTICATED', async () => {
          const owner = await deps.caller(row.gate)
          expectRefused(await callServerFn(fn, await row.input?.(owner), { origin: row.origin }), 'UNAUTHENTICATED')
        })
      }
      const wrong = WRONG_ROLE[row.gate]
      if (wrong) {
        it(`refuses a ${wrong[0]}: FORBIDDEN`, async () => {
          const owner = await deps.caller(row.gate)
          const other = await deps.caller(wrong[0])
          const answer = await callServerFn(fn, await row.input?.(owner), { cookie: other.cookie, origin: row.origin })
          expectRefused(answer, 'FORBIDDEN', wrong[1])
        })
      }
      if (row.invalid) {
        const { data, issue } = row.invalid
        it(`refuses invalid input: 400 INVALID_INPUT (${issue})`, async () => {
          const caller = await deps.caller(row.gate === 'anyone' ? 'customer' : row.gate)
          const answer = await callServerFn(fn, data, { cookie: caller.cookie, origin: row.origin })
          expect(answer.status, String(answer.error)).toBe(400)
          expect(answer.code).toBe('INVALID_INPUT')
          expect(answer.issueCodes).toContain(issue)
        })
      }
      it('answers a permitted caller', async () => {
        const caller = await deps.caller(row.gate === 'anyone' ? 'customer' : row.gate)
        const answer = await callServerFn(fn, await row.input?.(caller), { cookie: caller.cookie, origin: row.origin })
        await row.ok(answer, caller)
      })
    })
  }
}

/** Fresh callers on `db()`: a new user per call, with the role (and promoter row) the gate needs. */
export function makeCallers(db: () => Db): DoorTableDeps['caller'] {
  return async (gate) => {
    const d = db()
    const role = gate === 'admin' ? 'admin' : gate === 'staff' || gate === 'support' ? 'support' : 'customer'
    const [user] = await d
      .insert(users)
      .values({ email: `${gate}-${randomBytes(5).toString('hex')}@example.com`, username: gate, role })
      .returning({ id: users.id })
    if (gate === 'promoter') await becomePromoter(d, user!.id, { currency: 'USD' })
    return { id: user!.id, cookie: await sessionCookie(d, user!.id) }
  }
}

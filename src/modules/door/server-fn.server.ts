/**
 * The server functions' door (ADR 083). Every `*.functions.ts` handler is one of two shapes:
 *
 *   createServerFn({ method: 'GET' }).validator(schema).handler(answer('user', ({ db, caller, data }) => …))
 *   createServerFn({ method: 'POST' }).validator(schema).handler(action('staff', ({ db, caller, data }) => …))
 *
 * The gate ('anyone' | 'user' | 'staff' | 'admin' | 'promoter') is checked before the handler runs,
 * and its refusals have one shape in every function: a thrown AppError with its status (401
 * UNAUTHENTICATED, 403 FORBIDDEN with `admin_only` / `not_promoter`), like the validator's 400.
 * `answer` returns the handler's value and throws what it refuses (reads; their queries handle a
 * thrown error); `action` returns an ActionResult: what the use case refuses comes back as
 * `{ ok: false, code, issues }` with the same HTTP status (writes; their forms show the code).
 * Anything else is INTERNAL: logged once with its stack and the request id, answered 500 with
 * "Internal Server Error" and the request id, never the error's own text (SQL, parameters).
 */
import { getRequest, setResponseStatus } from '@tanstack/react-start/server'
import { AppError } from '~/modules/errors/app-error'
import type { ActionResult } from '~/modules/errors/action-result'
import { attempt } from '~/modules/errors/attempt.server'
import type { Db } from '~/server/db/client'
import type { promoters } from '~/server/db/schema'
import { reportServerError } from '~/server/error-reporting'
import { currentRequestId } from '~/server/request-id'
import { classifyError } from '~/server/http/respond'
import { isClientServerFnCall } from '~/server/http/server-fn-guard'
import { log } from '~/server/log'
import type { Caller } from './caller.server'
import { openDoor, recentFactor, type Door } from './door.server'
import { traced } from '~/server/tracing'

/**
 * 'staff' / 'admin': the role with the second factor proved in this session; '…-step-up': proved
 * within STAFF_STEP_UP_MINUTES (refunds, role changes, withdrawal approvals, credit grants);
 * 'staff-enrolling': the role alone, for the factor's own enrolment and check (ADR 111).
 */
export type Gate =
  'anyone' | 'user' | 'staff' | 'admin' | 'promoter' | 'staff-step-up' | 'admin-step-up' | 'staff-enrolling'

interface Base<I> {
  db: Db
  request: Request
  /** The validated input (the function's `.validator`). */
  data: I
  /** For what the gate did not already answer (e.g. the optional caller of an 'anyone' function). */
  door: Door
}

/** What a handler gets: the caller the gate let in (none for 'anyone'), and the promoter row for 'promoter'. */
export type DoorCtx<G extends Gate, I> = G extends 'anyone'
  ? Base<I>
  : G extends 'promoter'
    ? Base<I> & { caller: Caller; promoter: typeof promoters.$inferSelect }
    : Base<I> & { caller: Caller }

async function enter<G extends Gate, I>(gate: G, data: I): Promise<DoorCtx<G, I>> {
  const request = getRequest()
  const door = await openDoor(request)
  const base: Base<I> = { db: door.db, request, data, door }
  if (gate === 'anyone') return base as DoorCtx<G, I>
  if (gate === 'promoter') {
    const { user, promoter } = await door.promoter()
    return { ...base, caller: user, promoter } as DoorCtx<G, I>
  }
  const gates: Record<Exclude<Gate, 'anyone' | 'promoter'>, () => Promise<Caller>> = {
    user: door.user,
    staff: door.staff,
    admin: door.admin,
    'staff-step-up': door.staffStepUp,
    'admin-step-up': door.adminStepUp,
    'staff-enrolling': door.staffEnrolling,
  }
  const caller = await gates[gate as Exclude<Gate, 'anyone' | 'promoter'>]()
  return { ...base, caller } as DoorCtx<G, I>
}

/**
 * What leaves the server for a thrown error: a refusal as its AppError without its cause (which may
 * hold the database's own error), anything unexpected as INTERNAL — logged here with its stack, the
 * one place a stack is written, and answered 500 when a client called.
 */
export function refusalToSend(error: unknown): AppError {
  const refusal = classifyError(error)
  if (refusal.code !== 'INTERNAL') {
    return new AppError(refusal.code, refusal.message, {
      issues: refusal.issues,
      retryAfterSeconds: refusal.retryAfterSeconds,
    })
  }
  const requestId = currentRequestId()
  log.error({ err: error }, 'unhandled error in server function')
  reportServerError(error)
  if (isClientServerFnCall()) setResponseStatus(500)
  return Object.assign(new AppError('INTERNAL', 'Internal Server Error'), requestId ? { requestId } : {})
}

/** The span of a server-function call, named by the function's id. */
function serverFnSpan(): string {
  const { pathname } = new URL(getRequest().url)
  // Called by the page's own render (SSR), the request is the page, not /_serverFn/<id>.
  return pathname.startsWith('/_serverFn/')
    ? `server function ${pathname.slice('/_serverFn/'.length)}`
    : `server function (render of ${pathname})`
}

/** A server function that answers a value; every refusal is thrown with its status. */
export function answer<G extends Gate, I = undefined, T = unknown>(
  gate: G,
  run: (ctx: DoorCtx<G, I>) => Promise<T> | T,
): (opts: { data: I }) => Promise<T> {
  return async ({ data }) =>
    traced(serverFnSpan(), { 'door.gate': gate }, async () => {
      try {
        return await run(await enter(gate, data))
      } catch (error) {
        throw refusalToSend(error)
      }
    })
}

/** The gate a step-up gate stands on; the code's age is then asked like a use case's refusal. */
const STEP_UP: Partial<Record<Gate, 'staff' | 'admin'>> = { 'staff-step-up': 'staff', 'admin-step-up': 'admin' }

/**
 * A server function that acts: the gate's refusals are thrown, the use case's come back as an
 * ActionResult — and so does a step-up gate's `staff_step_up_required`, which the screen answers
 * by asking for the code (ADR 111).
 */
export function action<G extends Gate, I = undefined, T = unknown>(
  gate: G,
  run: (ctx: DoorCtx<G, I>) => Promise<T> | T,
): (opts: { data: I }) => Promise<ActionResult<T>> {
  const base = STEP_UP[gate]
  return async ({ data }) =>
    traced(serverFnSpan(), { 'door.gate': gate }, async () => {
      try {
        const ctx = base ? ((await enter(base, data)) as DoorCtx<G, I>) : await enter(gate, data)
        return await attempt(async () => {
          if (base) recentFactor((ctx as DoorCtx<'staff', I>).caller)
          return run(ctx)
        })
      } catch (error) {
        throw refusalToSend(error)
      }
    })
}

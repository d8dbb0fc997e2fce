/**
 * Malformed server-function calls answer 4xx, not 500. Start resolves the function id and decodes
 * the payload (JSON, seroval, form data) before the function runs, and answers any failure there
 * with a 500 that cannot be told from a bug. A global function middleware marks the moment the
 * function is reached; a 5xx from a call that never got there was the client's fault: an unknown
 * id (404) or a payload that does not decode (400). A validator refusal (the function was
 * reached, its input is wrong) gets 400 instead of Start's 200 with a serialized error.
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import { setResponseStatus } from '@tanstack/react-start/server'
import { AppError } from '~/modules/errors/app-error'
import { log } from '~/server/log'
import { classifyError, errorResponse, markServerFnRefusal } from './respond'

interface CallState {
  reached: boolean
}

const callState = new AsyncLocalStorage<CallState>()

/** True inside a server function called by a client (not during a page's server render). */
export function isClientServerFnCall(): boolean {
  return callState.getStore() !== undefined
}

let frameworkErrorsQuieted = false

/**
 * Start prints every error without an HTTP status with `console.error` (a stack trace, about four
 * lines) before answering 500: for a payload that does not decode, once per malformed request.
 * Those calls get one warn line of ours instead (guardServerFnCall); errors inside a function are
 * logged by the door (modules/door), so Start's print is dropped for every client call.
 */
function quietFrameworkErrors(): void {
  if (frameworkErrorsQuieted) return
  frameworkErrorsQuieted = true
  const print = console.error.bind(console)
  console.error = (...args: unknown[]) => {
    if (!callState.getStore()) print(...args)
  }
}

export const SERVER_FN_PREFIX = '/_serverFn/'

/** Called by the global function middleware when a server function starts (its input decoded). */
export function markServerFnReached(): void {
  const state = callState.getStore()
  if (state) state.reached = true
}

/**
 * Start's standard-schema validator throws `Error(JSON.stringify(issues))`: recognise that shape
 * so a wrong input answers 400 (the serialized error still carries the issues).
 */
export function isValidatorFailure(error: unknown): boolean {
  if (!(error instanceof Error) || !error.message.startsWith('[')) return false
  try {
    const issues = JSON.parse(error.message) as unknown
    return (
      Array.isArray(issues) &&
      issues.length > 0 &&
      issues.every((i) => typeof i === 'object' && i !== null && 'message' in i && 'path' in i)
    )
  } catch {
    return false
  }
}

export function refuseInvalidServerFnInput(): void {
  const state = callState.getStore()
  if (!state) return // a call made during SSR, not from a client
  setResponseStatus(400)
  log.warn({ status: 400 }, 'server function input refused by its validator')
}

/**
 * A server function that refused its caller by throwing (sign-in required 401, not staff 403, not
 * found 404, conflict 409, …) answers with that status instead of Start's 200 around the error, so
 * proxies, logs and API clients see a refusal; the client decodes the body either way. Calls made
 * during SSR leave the page's status alone. Bugs (INTERNAL) keep Start's answer.
 */
export function refuseServerFnCall(error: unknown): void {
  if (!callState.getStore()) return
  const refusal = classifyError(error)
  if (refusal.code === 'INTERNAL') return
  markServerFnRefusal(refusal)
}

/** Start's words for an id it does not know (see getServerFnById in @tanstack/start-server-core). */
const UNKNOWN_FN = /Server function (info|module)[^"]* not (found|resolved)/

export async function guardServerFnCall(request: Request, run: () => Promise<Response>): Promise<Response> {
  quietFrameworkErrors()
  const state: CallState = { reached: false }
  const response = await callState.run(state, run)
  if (response.status < 500 || state.reached) return response
  const text = await response.text()
  const unknown = UNKNOWN_FN.test(text)
  const error = unknown
    ? new AppError('NOT_FOUND', 'Unknown server function')
    : new AppError('INVALID_INPUT', 'Malformed server function payload')
  log.warn({ path: new URL(request.url).pathname.slice(0, 120), code: error.code }, 'malformed server function call')
  return errorResponse(error)
}

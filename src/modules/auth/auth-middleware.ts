/**
 * The one client layer over every server-function call (registered in src/start.ts): a thrown
 * UNAUTHENTICATED error or a returned refusal with that code (ActionResult / FormResult) reports
 * the session as ended, wherever the call came from: queries, mutations, or a direct call.
 */
import { createMiddleware } from '@tanstack/react-start'
import { reportUnauthenticated } from './auth-events'
import { isUnauthenticated } from './unauthenticated'

function isUnauthenticatedResult(result: unknown): boolean {
  if (!result || typeof result !== 'object') return false
  const r = result as { ok?: unknown; code?: unknown; error?: { code?: unknown } }
  return r.ok === false && (r.code === 'UNAUTHENTICATED' || r.error?.code === 'UNAUTHENTICATED')
}

export const unauthenticatedMiddleware = createMiddleware({ type: 'function' }).client(async ({ next }) => {
  try {
    const answer = await next()
    if (isUnauthenticatedResult((answer as { result?: unknown }).result)) reportUnauthenticated()
    return answer
  } catch (error) {
    if (isUnauthenticated(error)) reportUnauthenticated()
    throw error
  }
})

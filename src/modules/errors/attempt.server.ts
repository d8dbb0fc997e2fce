import { classifyError } from '~/server/http/respond'
import { refuseServerFnCall } from '~/server/http/server-fn-guard'
import type { ActionResult } from './action-result'

/**
 * Runs a server-function body, turning expected AppErrors into an ActionResult. The refusal also
 * travels as its HTTP status (401 signed out, 403 not allowed, 400, 404, 409, 429/503 with
 * Retry-After…), so proxies, logs and API clients can tell it from success; Start's client still
 * decodes the value whatever the status, and the screen shows it (ADR 051). Called during a page's
 * server render, the page's own status is left alone.
 */
export async function attempt<T>(run: () => Promise<T>): Promise<ActionResult<T>> {
  try {
    return { ok: true, data: await run() }
  } catch (error) {
    const e = classifyError(error)
    if (e.code === 'INTERNAL') throw error
    refuseServerFnCall(e)
    return {
      ok: false,
      code: e.code,
      issues: (e.issues ?? []).map((i) => i.message),
      ...(e.retryAfterSeconds ? { retryAfterSeconds: e.retryAfterSeconds } : {}),
    }
  }
}

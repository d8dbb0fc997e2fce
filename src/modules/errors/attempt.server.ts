import { classifyError, markServerFnRefusal } from '~/server/http/respond'
import type { ActionResult } from './action-result'

/** Runs a server-function body, turning expected AppErrors into an ActionResult. */
export async function attempt<T>(run: () => Promise<T>): Promise<ActionResult<T>> {
  try {
    return { ok: true, data: await run() }
  } catch (error) {
    const e = classifyError(error)
    if (e.code === 'INTERNAL') throw error
    // A refusal the client must wait out says so in HTTP too (429/503 + Retry-After), not only in
    // the body; Start's client still decodes the value whatever the status.
    if (e.code === 'RATE_LIMITED' || e.code === 'UNAVAILABLE') markServerFnRefusal(e)
    return {
      ok: false,
      code: e.code,
      issues: (e.issues ?? []).map((i) => i.message),
      ...(e.retryAfterSeconds ? { retryAfterSeconds: e.retryAfterSeconds } : {}),
    }
  }
}

import { toAppError } from '../../server/http/respond'
import type { ActionResult } from './action-result'

/** Runs a server-function body, turning expected AppErrors into an ActionResult. */
export async function attempt<T>(run: () => Promise<T>): Promise<ActionResult<T>> {
  try {
    return { ok: true, data: await run() }
  } catch (error) {
    const e = toAppError(error)
    if (e.code === 'INTERNAL') throw error
    return { ok: false, code: e.code, issues: (e.issues ?? []).map((i) => i.message) }
  }
}

/**
 * The REST door (ADR 050, 083): every handler under src/routes/api is `handle(async (ctx) => …)` —
 * parse the input with a schema (`readJson`, `pathParam`, `parseQuery` from server/http/respond),
 * ask the door who is calling (`(await ctx.door()).user()`, `.staff()`, `.admin()`, `.promoter()`,
 * or `.caller()` for an optional one), call the use case, answer with `json()`. Every thrown error
 * becomes the coded JSON answer of `errorResponse`: the same refusals (401, 403 …) as the server
 * functions, and 500 with a generic body and the request id for anything unexpected.
 */
import { errorResponse } from '~/server/http/respond'
import { openDoor, type Door, type DoorDeps } from './door.server'

/** What Start passes a server-route handler; in-process tests add `deps` (their db and resolver). */
export interface HandlerCtx {
  request: Request
  params?: Record<string, string | undefined>
  deps?: DoorDeps
}

export interface RestCtx extends HandlerCtx {
  /** The request's door (database, who is calling), opened on first use. */
  door(): Promise<Door>
}

export function handle(fn: (ctx: RestCtx) => Promise<Response>) {
  return async (ctx: HandlerCtx): Promise<Response> => {
    let opened: Promise<Door> | undefined
    try {
      return await fn({ ...ctx, door: () => (opened ??= openDoor(ctx.request, ctx.deps)) })
    } catch (error) {
      return errorResponse(error)
    }
  }
}

/** The request's database and signed-in user (401 otherwise): the most common first line of a handler. */
export async function signedIn(door: RestCtx['door']) {
  const opened = await door()
  return { db: opened.db, user: await opened.user() }
}

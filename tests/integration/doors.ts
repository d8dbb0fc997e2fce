/**
 * Calling the app's REST doors in-process: a route's handler with a plain Request, as Start would,
 * on the test's database and with a user resolver that reads the user id from a test header — no
 * server, no session, no global switch.
 */
import { randomBytes } from 'node:crypto'
import { SESSION_COOKIE, hashSessionId } from '../../src/modules/auth/session-cookie.server'
import type { Db } from '../../src/server/db/client'
import { sessions } from '../../src/server/db/schema'
import type { HandlerCtx } from '../../src/modules/door/rest.server'
import { now } from '../../src/modules/time/clock'

export const TEST_USER_HEADER = 'x-test-user'

/** Signs requests in per call: the user id travels in a test header. */
export const testUser = async (request: Request) => request.headers.get(TEST_USER_HEADER)

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'
type RouteHandler = (ctx: HandlerCtx) => Promise<Response>

/** The handler a route file registers for `method` (Start's server.handlers). */
export function routeHandler(route: { options: unknown }, method: Method): RouteHandler {
  const handlers = (route.options as { server?: { handlers?: Partial<Record<Method, RouteHandler>> } }).server?.handlers
  const handler = handlers?.[method]
  if (!handler) throw new Error(`the route has no ${method} handler`)
  return handler
}

export interface CallOptions {
  /** User id to sign the request in as; none for a visitor. */
  as?: string
  method?: Method
  path?: string
  body?: unknown
  params?: Record<string, string>
}

/** Calls a route handler as Start would, on the test database; the answer's status and JSON body. */
export async function callRoute(db: Db, handler: RouteHandler, opts: CallOptions = {}) {
  const headers = new Headers({ 'content-type': 'application/json' })
  if (opts.as) headers.set(TEST_USER_HEADER, opts.as)
  const request = new Request(`http://shop.test${opts.path ?? '/api/x'}`, {
    method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  })
  const response = await handler({ request, params: opts.params, deps: { db, resolve: testUser } })
  const text = await response.text()
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : undefined }
}

/**
 * A `Cookie` header value signing `userId` in through the production resolver (session cookie),
 * as a browser does (server functions, and REST calls without a test resolver): a session
 * row (stored hashed, as sign-in stores it) that stays valid for a day, so it is never refreshed.
 * A staff member's session has proved the second factor just now unless `staffVerifiedAt` says
 * otherwise (null: not yet; ADR 111).
 */
export async function sessionCookie(
  db: Db,
  userId: string,
  opts: { staffVerifiedAt?: Date | null } = {},
): Promise<string> {
  const id = randomBytes(32).toString('base64url')
  await db.insert(sessions).values({
    idHash: hashSessionId(id),
    userId,
    authority: 'http://shop.test/oidc',
    clientId: 'test',
    sub: userId,
    idToken: 'test',
    accessToken: 'test',
    expiresAt: new Date(Date.now() + 24 * 60 * 60 * 1000),
    staffVerifiedAt: opts.staffVerifiedAt === undefined ? now() : opts.staffVerifiedAt,
  })
  return `${SESSION_COOKIE}=${id}`
}

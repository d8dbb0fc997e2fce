/**
 * Global request middleware. With a custom start.ts Start no longer adds its CSRF protection for
 * server functions, so it is registered here explicitly.
 */
import { createCsrfMiddleware, createMiddleware, createServerOnlyFn, createStart } from '@tanstack/react-start'
import {
  isValidatorFailure,
  markServerFnReached,
  refuseInvalidServerFnInput,
  refuseServerFnCall,
} from './server/http/server-fn-guard'
import { isOwnOrigin } from './server/http/security'
import { handleOidcRequest } from './server/oidc/handle'
import { isOidcPath } from './server/oidc/issuer'
import { unauthenticatedMiddleware } from './modules/auth/auth-middleware'

/** Authorization-server paths go to oidc-provider before anything reads the request body. */
const oidcMiddleware = createMiddleware({ type: 'request' }).server(({ request, pathname, next }) =>
  isOidcPath(pathname) ? handleOidcRequest(request) : next(),
)

/**
 * Server functions are same-origin RPC: refuse cross-site calls (Sec-Fetch-Site / Origin). The
 * origin is PUBLIC_ORIGIN when set, never the Host header's (isOwnOrigin; ADR 014).
 */
const csrfMiddleware = createCsrfMiddleware({
  filter: (ctx) => ctx.handlerType === 'serverFn',
  // Server-only (the compiler drops its body and imports from the client bundle).
  origin: createServerOnlyFn((origin: string, ctx: { request: Request }) => isOwnOrigin(origin, ctx.request.url)),
})

/**
 * Runs first in every server function: tells the server entry the call decoded (so a later 5xx is
 * a real failure, see server-fn-guard.ts), answers a validator refusal with 400 and a thrown
 * refusal with its own status (401, 403, 404, 409…).
 */
const inputGuardMiddleware = createMiddleware({ type: 'function' }).server(async ({ next }) => {
  markServerFnReached()
  try {
    return await next()
  } catch (error) {
    if (isValidatorFailure(error)) refuseInvalidServerFnInput()
    else refuseServerFnCall(error)
    throw error
  }
})

export const startInstance = createStart(() => ({
  requestMiddleware: [oidcMiddleware, csrfMiddleware],
  // Server: input guard; browser: any UNAUTHENTICATED answer signs every tab out (SPEC §4).
  functionMiddleware: [inputGuardMiddleware, unauthenticatedMiddleware],
}))

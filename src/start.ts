/**
 * Global request middleware. With a custom start.ts Start no longer adds its CSRF protection for
 * server functions, so it is registered here explicitly.
 */
import { createCsrfMiddleware, createMiddleware, createStart } from '@tanstack/react-start'
import { handleOidcRequest } from './server/oidc/handle'
import { isOidcPath } from './server/oidc/issuer'

/** Authorization-server paths go to oidc-provider before anything reads the request body. */
const oidcMiddleware = createMiddleware({ type: 'request' }).server(({ request, pathname, next }) =>
  isOidcPath(pathname) ? handleOidcRequest(request) : next(),
)

/** Server functions are same-origin RPC: refuse cross-site calls (Sec-Fetch-Site / Origin). */
const csrfMiddleware = createCsrfMiddleware({ filter: (ctx) => ctx.handlerType === 'serverFn' })

export const startInstance = createStart(() => ({
  requestMiddleware: [oidcMiddleware, csrfMiddleware],
}))

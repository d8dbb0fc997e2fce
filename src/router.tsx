import { createRouter } from '@tanstack/react-router'
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query'
import { i18n as clientI18n } from '@lingui/core'
import { routeTree } from './routeTree.gen'
import { createI18n, loadMessageAreas, messageAreasOf, type MessageArea } from './modules/i18n/i18n'
import { ErrorPage } from './components/error-page'
import { NotFoundPage } from './components/not-found-page'
import { preloadAllowed } from './modules/shell/preload-policy'
import { newQueryClient } from './modules/shell/query-client'

const isServer = typeof document === 'undefined'

/**
 * The response's CSP nonce: inline scripts the router writes must carry it. The server entry
 * publishes a reader on globalThis so this isomorphic module needs no server-only import.
 */
function requestNonce(): string | undefined {
  return isServer ? globalThis.__cspNonce?.() : undefined
}

declare global {
  var __cspNonce: (() => string | undefined) | undefined
}

export function getRouter() {
  const queryClient = newQueryClient(isServer)
  // The server renders many locales at once: one i18n instance per request; the browser has one.
  const i18n = isServer ? createI18n() : clientI18n

  const router = createRouter({
    routeTree,
    context: { queryClient, i18n },
    caseSensitive: true,
    scrollRestoration: true,
    defaultPreload: preloadAllowed() ? 'intent' : false,
    defaultPreloadStaleTime: 0,
    defaultErrorComponent: ErrorPage,
    defaultNotFoundComponent: NotFoundPage,
    ssr: { nonce: requestNonce() },
    // The back-office catalogues the server's render used (ADR 062): the browser loads them before
    // it hydrates, so the first client render matches the server's HTML.
    dehydrate: (): { messageAreas: MessageArea[] } => ({ messageAreas: messageAreasOf(i18n) }),
    hydrate: (data: { messageAreas?: MessageArea[] }) => loadMessageAreas(i18n, data.messageAreas),
  })
  setupRouterSsrQueryIntegration({ router, queryClient })
  return router
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof getRouter>
  }
}

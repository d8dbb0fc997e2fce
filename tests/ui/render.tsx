/**
 * Renders a component as the app does: Lingui with the real catalogue of one locale (loaded through
 * the app's own `activateLocale`), a query client seeded with what the component reads, and a
 * TanStack memory router whose URL carries the locale prefix, so `<Link>` and `useLocalePrefix` work.
 * Server functions stay out: each test mocks the `*.functions.ts` door its component imports.
 */
import type { I18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query'
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  type AnyRouter,
  RouterProvider,
} from '@tanstack/react-router'
import { act, render, screen, type RenderResult } from '@testing-library/react'
import type { ReactElement } from 'react'
import { vi } from 'vitest'
import { activateLocale, createI18n, loadMessageAreas } from '../../src/modules/i18n/i18n'
import type { Locale } from '../../src/modules/i18n/locales'
import type { ShellInfo } from '../../src/modules/shell/shell.server'
import { SANDBOX_SETUP } from '../../src/modules/payments/payment-methods'

export interface RenderOptions {
  /** The page's language; its catalogue is the compiled `locales/<locale>/messages.po`. */
  locale?: Locale
  /** The URL the router starts at; by default the locale's home (`/` for English, else `/<locale>`). */
  path?: string
  /** Query data the component finds already cached, as a loader's `ensureQueryData` leaves it. */
  queries?: ReadonlyArray<readonly [QueryKey, unknown]>
  /** What the root route's loader gives (`getShellInfo` in the app), over `defaultShell`. */
  shell?: Partial<ShellInfo>
}

export interface Rendered extends RenderResult {
  i18n: I18n
  queryClient: QueryClient
  router: AnyRouter
  /** The router's current path (after a `<Link>` click or a `navigate`). */
  pathname: () => string
}

/** The root loader's answer as the app's server gives it on a plain local set-up. */
export const defaultShell: ShellInfo = {
  origin: 'http://localhost:3000',
  cookieNoticeDismissed: false,
  publicConfig: {
    buildId: '20261126120000-abc123',
    payments: SANDBOX_SETUP,
    liveChat: null,
    analytics: null,
    errorReporting: null,
    cookies: { secure: false, crossOrigin: false },
  },
}

const i18nByLocale = new Map<Locale, Promise<I18n>>()

/**
 * One active i18n instance per locale per test file: catalogues are loaded once, the back-office
 * areas' too (ADR 062: the admin and affiliate layouts open them before their screens render).
 */
export function i18nFor(locale: Locale): Promise<I18n> {
  let pending = i18nByLocale.get(locale)
  if (!pending) {
    const i18n = createI18n()
    pending = activateLocale(i18n, locale)
      .then(() => loadMessageAreas(i18n, ['admin', 'affiliate', 'account', 'search']))
      .then(() => i18n)
    i18nByLocale.set(locale, pending)
  }
  return pending
}

export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
}

export async function renderUi(ui: ReactElement, options: RenderOptions = {}): Promise<Rendered> {
  const locale = options.locale ?? 'en'
  const i18n = await i18nFor(locale)
  const queryClient = testQueryClient()
  for (const [key, data] of options.queries ?? []) queryClient.setQueryData(key, data)

  const shell = { ...defaultShell, ...options.shell }
  const rootRoute = createRootRoute({ component: Outlet, loader: () => shell })
  const page = createRoute({ getParentRoute: () => rootRoute, path: '$', component: () => ui })
  const router = createRouter({
    routeTree: rootRoute.addChildren([page]),
    // The app's router context (src/router.tsx): components read the i18n instance from it.
    context: { queryClient, i18n },
    history: createMemoryHistory({ initialEntries: [options.path ?? (locale === 'en' ? '/' : `/${locale}`)] }),
  })
  await act(() => router.load())
  const result = render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nProvider>,
  )
  return { ...result, i18n, queryClient, router, pathname: () => router.state.location.pathname }
}

export { screen }

/** The answer `window.confirm` gives (happy-dom has no dialogs); undone after each test. */
export function answerConfirm(answer: boolean) {
  const confirm = vi.fn((_message?: string) => answer)
  vi.stubGlobal('confirm', confirm)
  window.confirm = confirm
  return confirm
}

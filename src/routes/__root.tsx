/// <reference types="vite/client" />
import { useEffect, type ReactNode } from 'react'
import type { QueryClient } from '@tanstack/react-query'
import type { I18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import {
  HeadContent,
  Outlet,
  Scripts,
  createRootRouteWithContext,
  useRouter,
  useRouterState,
} from '@tanstack/react-router'
import { activateLocale, catalogPreloadHref } from '~/modules/i18n/i18n'
import { isLocale, localeCookieString, localeFromPath, localeInCookies, type Locale } from '~/modules/i18n/locales'
import { getRequestLocale, getShellInfo } from '~/modules/shell/shell.functions'
import { COLOR_MODE_SCRIPT, type ColorModePreference } from '~/modules/shell/color-mode'
import { AlternateLinks } from '~/components/alternate-links'
import { SessionRuntime } from '~/modules/auth/components/session-runtime'
import { viewerQuery } from '~/modules/auth/auth.queries'
import { ReferralConfirm } from '~/modules/affiliate/components/referral-confirm'
import { afterIdle } from '~/modules/ops/after-idle'
import appCss from '~/styles/app.css?url'

const RootWidgets = afterIdle(() => import('~/modules/ops/widgets').then((m) => m.RootWidgets))

export interface RouterContext {
  queryClient: QueryClient
  i18n: I18n
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** A page may force a colour mode (SPEC §4); 'system' is rejected with a warning. */
    colorMode?: ColorModePreference
  }
}

export const Route = createRootRouteWithContext<RouterContext>()({
  beforeLoad: async ({ context, location }): Promise<{ locale: Locale }> => {
    // Decided before each navigation (SPEC §2): on the server from URL, cookie and headers; in
    // the browser from the URL prefix, else the language already active.
    const locale =
      typeof document === 'undefined'
        ? await getRequestLocale({ data: { pathname: location.pathname } })
        : (localeFromPath(location.pathname) ?? (isLocale(context.i18n.locale) ? context.i18n.locale : 'en'))
    if (context.i18n.locale !== locale) await activateLocale(context.i18n, locale)
    // The header shows who is signed in: fetched while rendering on the server and sent along,
    // so the browser hydrates the same header (a visitor's is null and costs no query).
    if (typeof document === 'undefined') await context.queryClient.prefetchQuery(viewerQuery())
    return { locale }
  },
  loader: () => getShellInfo(),
  staleTime: Infinity,
  head: ({ match }) => {
    const catalog = catalogPreloadHref(match.context.locale)
    return {
      meta: [
        { charSet: 'utf-8' },
        { name: 'viewport', content: 'width=device-width, initial-scale=1, viewport-fit=cover' },
        { name: 'theme-color', content: '#4f46e5' },
      ],
      links: [
        { rel: 'stylesheet', href: appCss },
        { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
        // The page's messages are needed before hydration: fetched beside the boot script (ADR 062).
        ...(catalog ? [{ rel: 'modulepreload', href: catalog }] : []),
      ],
    }
  },
  shellComponent: RootDocument,
  component: Outlet,
})

type CookieAttrs = { secure: boolean; crossOrigin: boolean }

function RootDocument({ children }: { children: ReactNode }) {
  const router = useRouter()
  const i18n = router.options.context.i18n
  const locale = useRouterState({ select: (s) => (s.matches[0]?.context as { locale?: Locale } | undefined)?.locale })
  const forced = useRouterState({
    select: (s) => {
      const modes = s.matches.map((m) => m.staticData?.colorMode).filter((m) => m === 'light' || m === 'dark')
      return modes.at(-1)
    },
  })
  const cookieAttrs = useRouterState({
    select: (s) =>
      (s.matches[0]?.loaderData as { publicConfig?: { cookies: CookieAttrs } } | undefined)?.publicConfig?.cookies,
  })
  useEffect(() => {
    // SPEC §4, detection on first access: the language of the first visit sticks. The browser
    // stores it (the server does not, so the answers it sends stay shareable by caches).
    if (locale && cookieAttrs && !localeInCookies(document.cookie))
      document.cookie = localeCookieString(locale, cookieAttrs)
    // A marker for tests and tools: the page is interactive from here on.
    document.documentElement.dataset.hydrated = 'true'
  }, [locale, cookieAttrs])
  return (
    <html lang={locale ?? i18n.locale ?? 'en'} data-force-color-mode={forced} suppressHydrationWarning>
      <head>
        <script
          nonce={router.options.ssr?.nonce}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: COLOR_MODE_SCRIPT }}
        />
        <HeadContent />
        <AlternateLinks />
      </head>
      <body>
        <I18nProvider i18n={i18n}>
          {children}
          <ReferralConfirm />
          <SessionRuntime />
          <RootWidgets />
        </I18nProvider>
        <Scripts />
      </body>
    </html>
  )
}

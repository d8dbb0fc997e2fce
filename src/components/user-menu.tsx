import { Trans } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useRouterState } from '@tanstack/react-router'
import { CircleUserRound } from '~/components/icons/circle-user-round'
import { LogIn } from '~/components/icons/log-in'
import { lazy, Suspense } from 'react'
import { viewerQuery } from '~/modules/auth/auth.queries'
import { localizePath } from '~/modules/i18n/locales'
import { useLocalePrefix } from '~/modules/i18n/use-locale-prefix'

const AccountMenu = lazy(() => import('./account-menu'))

/** Header corner: a sign-in button for visitors, the account menu once the profile has loaded. */
export function UserMenu() {
  const prefix = useLocalePrefix()
  const href = useRouterState({ select: (s) => s.location.href })
  const { data: viewer } = useQuery(viewerQuery())

  if (!viewer) {
    return (
      <a
        href={`${localizePath('/login', prefix)}?redirect=${encodeURIComponent(href)}`}
        data-testid="sign-in"
        className="flex items-center gap-1 whitespace-nowrap rounded-md bg-brand-600 px-2 py-1.5 text-sm font-semibold text-white hover:bg-brand-700 sm:px-3"
      >
        {/* Below 400 px the words alone: "Se connecter" / "Iniciar sesión" beside the search button
            and the language switcher must still fit 360 px. */}
        <LogIn aria-hidden className="size-4 max-[399px]:hidden" />
        <Trans>Sign in</Trans>
      </a>
    )
  }
  return (
    <Suspense
      fallback={
        // Same look as the menu's trigger while its code loads. Its own test id: a streamed page
        // holds fallback and menu side by side until React reveals the menu.
        <span className="flex items-center gap-1 px-2 py-1.5 text-sm font-semibold">
          <CircleUserRound aria-hidden className="size-5" />
          <span className="max-w-20 truncate sm:max-w-32" data-testid="user-name-pending">
            {viewer.username}
          </span>
        </span>
      }
    >
      <AccountMenu username={viewer.username} prefix={prefix} />
    </Suspense>
  )
}

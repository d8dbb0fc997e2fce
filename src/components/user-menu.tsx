import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useRouterState } from '@tanstack/react-router'
import { DropdownMenu } from 'radix-ui'
import { CircleUserRound, LogIn } from 'lucide-react'
import { useEffect } from 'react'
import { signOutFn } from '../modules/auth/auth.functions'
import { viewerQuery } from '../modules/auth/auth.queries'
import { isUnauthenticated } from '../modules/auth/unauthenticated'
import { localizePath } from '../modules/i18n/locales'
import { useLocalePrefix } from '../modules/i18n/use-locale-prefix'

async function signOut(locale: ReturnType<typeof useLocalePrefix>) {
  const { url } = await signOutFn({ data: { locale } })
  window.location.assign(url)
}

/** SPEC §4: any 401 on an authorized call signs the user out (the user becomes blank). */
function useSignOutOnUnauthenticated(locale: ReturnType<typeof useLocalePrefix>) {
  const queryClient = useQueryClient()
  useEffect(() => {
    const onError = (error: unknown) => {
      if (!isUnauthenticated(error) || queryClient.getQueryData(viewerQuery().queryKey) === null) return
      queryClient.setQueryData(viewerQuery().queryKey, null)
      void signOut(locale)
    }
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error)
    })
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error)
    })
    return () => {
      unsubscribeQueries()
      unsubscribeMutations()
    }
  }, [queryClient, locale])
}

/** Header corner: a sign-in button for visitors, the account menu once the profile has loaded. */
export function UserMenu() {
  const { t } = useLingui()
  const prefix = useLocalePrefix()
  const href = useRouterState({ select: (s) => s.location.href })
  const { data: viewer } = useQuery(viewerQuery())
  useSignOutOnUnauthenticated(prefix)

  if (!viewer) {
    return (
      <a
        href={`${localizePath('/login', prefix)}?redirect=${encodeURIComponent(href)}`}
        data-testid="sign-in"
        className="flex items-center gap-1 rounded-md bg-brand-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-700"
      >
        <LogIn aria-hidden className="size-4" />
        <Trans>Sign in</Trans>
      </a>
    )
  }
  const item =
    'block cursor-pointer rounded px-3 py-2 text-sm outline-none hover:bg-brand-50 focus:bg-brand-50 dark:hover:bg-white/5 dark:focus:bg-white/5'
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        data-testid="user-menu"
        aria-label={t`Account menu`}
        className="flex items-center gap-1 rounded-md px-2 py-1.5 text-sm font-semibold hover:bg-brand-50 dark:hover:bg-white/5"
      >
        <CircleUserRound aria-hidden className="size-5" />
        <span className="max-w-32 truncate" data-testid="user-name">
          {viewer.username}
        </span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={6} className="surface z-50 min-w-44 rounded-lg p-1 shadow-lg">
          <DropdownMenu.Item asChild>
            <a href={localizePath('/user/profile', prefix)} className={item} data-testid="menu-profile">
              <Trans>My profile</Trans>
            </a>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild>
            <a href={localizePath('/order/list', prefix)} className={item}>
              <Trans>My orders</Trans>
            </a>
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-[var(--border)]" />
          <DropdownMenu.Item className={item} data-testid="sign-out" onSelect={() => void signOut(prefix)}>
            <Trans>Sign out</Trans>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  )
}

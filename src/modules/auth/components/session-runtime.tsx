import { useQueryClient } from '@tanstack/react-query'
import { Suspense, useEffect } from 'react'
import { useAuthDialog } from '~/modules/auth/auth-dialog'
import { isSignInWindow } from '~/modules/auth/sign-in-window'
import { startSessionMonitor } from '~/modules/auth/session-monitor'
import { lazyInArea } from '~/modules/i18n/lazy-in-area'
import { localeFromPath } from '~/modules/i18n/locales'

// Raised on demand: its code and messages (the account catalogue, ADR 070) load when it opens.
const AuthDialog = lazyInArea('account', () => import('./auth-dialog'))

/**
 * Mounted once per page (root document): runs the session monitor and the sign-out-on-401 layer,
 * and shows the auth dialog when raised. Inert inside the sign-in popup and the silent frame.
 */
export function SessionRuntime() {
  const queryClient = useQueryClient()
  const dialog = useAuthDialog()
  useEffect(() => {
    if (isSignInWindow()) return
    return startSessionMonitor(queryClient, () => localeFromPath(window.location.pathname))
  }, [queryClient])
  if (!dialog.open) return null
  return (
    <Suspense fallback={null}>
      <AuthDialog />
    </Suspense>
  )
}

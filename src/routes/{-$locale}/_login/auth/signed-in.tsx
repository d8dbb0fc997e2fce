import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { Link, createFileRoute } from '@tanstack/react-router'
import { useEffect, useSyncExternalStore } from 'react'
import { reportSignInResult, isSignInWindow } from '~/modules/auth/sign-in-window'
import { useLocalePrefix } from '~/modules/i18n/use-locale-prefix'
import { pageHead } from '~/modules/shell/head'

/**
 * Where a sign-in in the popup (or the silent check's hidden frame) returns once the storefront
 * session exists: it tells the shop's window and closes. Opened on its own, it links home.
 */
export const Route = createFileRoute('/{-$locale}/_login/auth/signed-in')({
  head: ({ match }) => pageHead(match.context.i18n, msg`Signed in`),
  component: Page,
})

const noSubscription = () => () => {}

function Page() {
  const prefix = useLocalePrefix()
  // Known only in the browser; the server renders the popup's text.
  const standalone = useSyncExternalStore(
    noSubscription,
    () => !isSignInWindow(),
    () => false,
  )
  useEffect(() => {
    reportSignInResult({ type: 'topup:signin', ok: true })
    if (isSignInWindow() && window.parent === window) window.close()
  }, [])
  return (
    <div className="space-y-4 text-center" data-testid="signed-in">
      <h1 className="text-2xl font-extrabold">
        <Trans>You are signed in</Trans>
      </h1>
      {standalone ? (
        <Link
          to="/{-$locale}"
          params={{ locale: prefix }}
          className="inline-block rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
        >
          <Trans>Continue shopping</Trans>
        </Link>
      ) : (
        <p className="text-muted text-sm">
          <Trans>This window closes by itself.</Trans>
        </p>
      )}
    </div>
  )
}

import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { Dialog } from 'radix-ui'
import { LogIn } from '~/components/icons/log-in'
import { UserPlus } from '~/components/icons/user-plus'
import { X } from '~/components/icons/x'
import { useState } from 'react'
import { localizePath } from '~/modules/i18n/locales'
import { useLocalePrefix } from '~/modules/i18n/use-locale-prefix'
import { closeAuthDialog, completeAuthDialog, useAuthDialog } from '~/modules/auth/auth-dialog'
import { viewerQuery } from '~/modules/auth/auth.queries'
import { openSignInPopup } from '~/modules/auth/sign-in-popup'
import { BROWSER_SIGNIN_ERRORS } from '~/modules/auth/session-settings'

/** The SPEC §8 popup messages in the shopper's language (the English text is the seed's). */
function PopupError({ message }: { message: string }) {
  const { t } = useLingui()
  const text =
    message === BROWSER_SIGNIN_ERRORS.popupClosed
      ? t`Popup closed by user`
      : message === BROWSER_SIGNIN_ERRORS.popupBlocked
        ? t`Popup blocked by user`
        : t`Sign-in did not finish. Please try again.`
  return (
    <p role="alert" data-testid="auth-dialog-error" data-error={message} className="text-sm font-semibold text-danger">
      {text}
    </p>
  )
}

const button = 'flex w-full items-center justify-center gap-2 rounded-lg px-4 py-2.5 font-semibold disabled:opacity-60'

/**
 * The auth dialog over the page (loaded when first raised). Sign-in and sign-up run in a popup on
 * our authorization server; a blocked popup falls back to the full-page sign-in, which returns to
 * `returnTo`. Radix gives the focus trap, Escape and the labelled dialog role.
 */
export default function AuthDialog() {
  const state = useAuthDialog()
  const queryClient = useQueryClient()
  const prefix = useLocalePrefix()
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)

  const isSignedIn = async () => Boolean(await queryClient.fetchQuery({ ...viewerQuery(), staleTime: 0 }))

  function start(screen: 'sign-in' | 'sign-up') {
    setError(undefined)
    setBusy(true)
    void openSignInPopup(prefix, screen, isSignedIn).then(async (outcome) => {
      if (outcome.ok) {
        await queryClient.refetchQueries({ queryKey: viewerQuery().queryKey })
        completeAuthDialog()
        return
      }
      setBusy(false)
      setError(outcome.message)
      if (outcome.message === BROWSER_SIGNIN_ERRORS.popupBlocked) {
        const search = new URLSearchParams({ redirect: state.returnTo ?? window.location.href })
        if (screen === 'sign-up') search.set('screen', 'sign-up')
        window.location.assign(`${localizePath('/login', prefix)}?${search.toString()}`)
      }
    })
  }

  return (
    <Dialog.Root open={state.open} onOpenChange={(open) => (open ? undefined : closeAuthDialog())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content
          data-testid="auth-dialog"
          data-reason={state.reason}
          className="surface fixed left-1/2 top-1/2 z-50 w-[min(92vw,26rem)] -translate-x-1/2 -translate-y-1/2 space-y-4 rounded-2xl p-6 shadow-2xl"
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-xl font-extrabold">
              {state.reason === 'expired' ? <Trans>Your session has ended</Trans> : <Trans>Sign in to continue</Trans>}
            </Dialog.Title>
            <Dialog.Close className="rounded-md p-1 hover:bg-brand-50 dark:hover:bg-white/5">
              <X aria-hidden className="size-5" />
              <span className="sr-only">
                <Trans>Close</Trans>
              </span>
            </Dialog.Close>
          </div>
          <Dialog.Description className="text-muted text-sm">
            {state.reason === 'expired' ? (
              <Trans>You have been signed out. Sign in again to carry on where you were.</Trans>
            ) : (
              <Trans>Sign in or create an account. Your choices on this page are kept.</Trans>
            )}
          </Dialog.Description>
          {error ? <PopupError message={error} /> : null}
          <div className="space-y-2">
            <button
              type="button"
              disabled={busy}
              onClick={() => start('sign-in')}
              data-testid="auth-dialog-sign-in"
              className={`${button} bg-brand-600 text-white hover:bg-brand-700`}
            >
              <LogIn aria-hidden className="size-4" />
              <Trans>Sign in</Trans>
            </button>
            <button
              type="button"
              disabled={busy}
              onClick={() => start('sign-up')}
              data-testid="auth-dialog-sign-up"
              className={`${button} border border-[var(--border)] hover:bg-brand-50 dark:hover:bg-white/5`}
            >
              <UserPlus aria-hidden className="size-4" />
              <Trans>Create an account</Trans>
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

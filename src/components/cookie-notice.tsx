import { Trans, useLingui } from '@lingui/react/macro'
import { useLoaderData } from '@tanstack/react-router'
import { X } from 'lucide-react'
import { useState } from 'react'
import { dismissCookieNotice } from '../modules/shell/cookie-notice'

/** Shown while no notice cookie exists; closing sets the cookie (30 days) and hides it. */
export function CookieNotice() {
  const { t } = useLingui()
  const { cookieNoticeDismissed } = useLoaderData({ from: '__root__' })
  const [open, setOpen] = useState(!cookieNoticeDismissed)
  if (!open) return null
  return (
    <section
      aria-label={t`Cookie notice`}
      data-testid="cookie-notice"
      className="surface fixed inset-x-3 bottom-3 z-50 mx-auto flex max-w-3xl items-start gap-3 rounded-xl p-4 shadow-xl"
    >
      <p className="flex-1 text-sm">
        <Trans>
          We use cookies to keep you signed in, remember your language and improve the shop. By continuing to browse you
          accept their use.
        </Trans>
      </p>
      <button
        type="button"
        aria-label={t`Close cookie notice`}
        data-testid="cookie-notice-close"
        onClick={() => {
          dismissCookieNotice()
          setOpen(false)
        }}
        className="rounded-md p-1 hover:bg-black/5 dark:hover:bg-white/10"
      >
        <X aria-hidden className="size-5" />
      </button>
    </section>
  )
}

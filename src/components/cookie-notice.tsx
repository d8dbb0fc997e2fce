import { Trans, useLingui } from '@lingui/react/macro'
import { useLoaderData } from '@tanstack/react-router'
import { X } from '~/components/icons'
import { useState } from 'react'
import { dismissCookieNotice } from '~/modules/shell/cookie-notice'

/**
 * Shown while no notice cookie exists; closing sets the cookie (30 days) and hides it. On phones it
 * sits in the page flow under the header instead of floating over the bottom of the screen, where
 * it would cover the packages and the sticky buy box until dismissed.
 */
export function CookieNotice() {
  const { t } = useLingui()
  const { cookieNoticeDismissed } = useLoaderData({ from: '__root__' })
  const [open, setOpen] = useState(!cookieNoticeDismissed)
  if (!open) return null
  return (
    <section
      aria-label={t`Cookie notice`}
      data-testid="cookie-notice"
      className="surface mx-3 mt-3 flex items-start gap-3 rounded-xl p-3 sm:fixed sm:inset-x-3 sm:bottom-3 sm:z-50 sm:mx-auto sm:mt-0 sm:max-w-3xl sm:p-4 sm:shadow-xl"
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

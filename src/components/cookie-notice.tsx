import { Trans, useLingui } from '@lingui/react/macro'
import { useLoaderData } from '@tanstack/react-router'
import { X } from '~/components/icons/x'
import { useState } from 'react'
import { dismissCookieNotice } from '~/modules/shell/cookie-notice'

/**
 * Shown while no notice cookie exists; closing sets the cookie (30 days) and hides it. It sits in
 * the page flow under the header at every width: floating over the screen it covered packages, the
 * sticky buy box and mid-page content until it was closed (issue 36).
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
      className="surface mx-3 mt-3 flex items-start gap-3 rounded-xl p-3 sm:px-4 xl:mx-auto xl:w-full xl:max-w-[calc(72rem-2rem)]"
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

import { useLingui } from '@lingui/react/macro'
import { useLoaderData, useNavigate, useRouter, useRouterState } from '@tanstack/react-router'
import { Languages } from '~/components/icons/languages'
import { useEffect } from 'react'
import { LOCALES, LOCALE_NAMES, isLocale, localeCookieString, localizePath } from '~/modules/i18n/locales'

/** SPEC §4 "cookies may be synced across tabs": a language switch in one tab reaches the others. */
const LOCALE_CHANNEL = 'topup-locale'

/** Switches language by moving to the same path under the new prefix; the catalog loads on demand. */
export function LanguageSwitcher() {
  const { t, i18n } = useLingui()
  const navigate = useNavigate()
  const router = useRouter()
  const location = useRouterState({ select: (s) => s.location })
  const { publicConfig } = useLoaderData({ from: '__root__' })

  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return
    const channel = new BroadcastChannel(LOCALE_CHANNEL)
    channel.onmessage = (event: MessageEvent) => {
      const next: unknown = event.data
      if (!isLocale(next) || next === router.options.context.i18n.locale) return
      // The other tab already wrote the cookie; this one only follows to the same page in that language.
      const here = router.state.location
      void router.navigate({ href: localizePath(here.pathname, next) + here.searchStr + here.hash, replace: true })
    }
    return () => channel.close()
  }, [router])

  return (
    <label className="flex items-center gap-1 text-sm">
      <Languages aria-hidden className="hidden size-4 sm:block" />
      <span className="sr-only">{t`Language`}</span>
      <select
        data-testid="language-switcher"
        value={i18n.locale}
        onChange={(event) => {
          const next = event.target.value
          if (!isLocale(next)) return
          document.cookie = localeCookieString(next, publicConfig.cookies)
          if (typeof BroadcastChannel !== 'undefined') {
            const channel = new BroadcastChannel(LOCALE_CHANNEL)
            channel.postMessage(next)
            channel.close()
          }
          void navigate({ href: localizePath(location.pathname, next) + location.searchStr + location.hash })
        }}
        className="max-w-28 rounded-md border border-[var(--border)] bg-transparent px-1 py-1 sm:max-w-none sm:px-2"
      >
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LOCALE_NAMES[l]}
          </option>
        ))}
      </select>
    </label>
  )
}

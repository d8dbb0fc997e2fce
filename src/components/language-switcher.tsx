import { useLingui } from '@lingui/react/macro'
import { useNavigate, useRouterState } from '@tanstack/react-router'
import { Languages } from 'lucide-react'
import {
  LOCALES,
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE,
  LOCALE_NAMES,
  isLocale,
  localizePath,
} from '../modules/i18n/locales'

/** Switches language by moving to the same path under the new prefix; the catalog loads on demand. */
export function LanguageSwitcher() {
  const { t, i18n } = useLingui()
  const navigate = useNavigate()
  const location = useRouterState({ select: (s) => s.location })
  return (
    <label className="flex items-center gap-1 text-sm">
      <Languages aria-hidden className="size-4" />
      <span className="sr-only">{t`Language`}</span>
      <select
        data-testid="language-switcher"
        value={i18n.locale}
        onChange={(event) => {
          const next = event.target.value
          if (!isLocale(next)) return
          document.cookie = `${LOCALE_COOKIE}=${next}; Max-Age=${LOCALE_COOKIE_MAX_AGE}; Path=/; SameSite=Lax`
          void navigate({ href: localizePath(location.pathname, next) + location.searchStr + location.hash })
        }}
        className="rounded-md border border-[var(--border)] bg-transparent px-2 py-1"
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

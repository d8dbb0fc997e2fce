import { useRouterState } from '@tanstack/react-router'
import { localeFromPath, type Locale } from './locales'

/** The locale prefix of the current URL (undefined on unprefixed paths), for building links. */
export function useLocalePrefix(): Locale | undefined {
  return useRouterState({ select: (s) => localeFromPath(s.location.pathname) })
}

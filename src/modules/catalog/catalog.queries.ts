import { queryOptions } from '@tanstack/react-query'
import type { Locale } from '../i18n/locales'
import type { NavigationItem } from './catalog.schemas'
import { getNavigation } from './catalog.functions'
import { withLocalNews } from './navigation'

/** Navigation: loaded once and kept (SPEC §7); on failure only the local News entry shows. */
export const navigationQuery = (locale: Locale) =>
  queryOptions({
    queryKey: ['navigation', locale],
    queryFn: async (): Promise<NavigationItem[]> => {
      try {
        return withLocalNews(await getNavigation({ data: { locale } }))
      } catch (error) {
        console.error('Navigation load failed', error)
        return withLocalNews([])
      }
    },
    staleTime: Infinity,
  })

import { queryOptions } from '@tanstack/react-query'
import type { Locale } from '~/modules/i18n/locales'
import type { NavigationItem } from './catalog.schemas'
import { getNavigation } from './catalog.functions'
import { withLocalNews } from './navigation'
import { clientLog } from '~/modules/ops/client-log'

/** Navigation: loaded once and kept (SPEC §7); on failure only the local News entry shows. */
export const navigationQuery = (locale: Locale) =>
  queryOptions({
    queryKey: ['navigation', locale],
    queryFn: async (): Promise<NavigationItem[]> => {
      try {
        return withLocalNews(await getNavigation({ data: { locale } }))
      } catch (error) {
        // The message, not the stack: on the server this also runs while the database is away.
        clientLog.error('Navigation load failed', error)
        return withLocalNews([])
      }
    },
    staleTime: Infinity,
  })

import { queryOptions } from '@tanstack/react-query'
import type { Locale } from '~/modules/i18n/locales'
import type { LinkItem } from './cms.schemas'
import { getLatestGameArticles, getLinks } from './cms.functions'
import { clientLog } from '~/modules/ops/client-log'

/** Links (banners = scene 1, hot games = scene 2), cached after first load; failure → empty list. */
export const linksQuery = (locale: Locale) =>
  queryOptions({
    queryKey: ['cms', 'links', locale],
    queryFn: async (): Promise<LinkItem[]> => {
      try {
        return await getLinks({ data: { locale } })
      } catch (error) {
        // The message, not the stack: on the server this also runs while the database is away.
        clientLog.error('Links load failed', error)
        return []
      }
    },
    staleTime: Infinity,
  })

export const latestGameArticlesQuery = (locale: Locale, limit = 6) =>
  queryOptions({
    queryKey: ['cms', 'articles', 'games', 'latest', locale, limit],
    queryFn: () => getLatestGameArticles({ data: { locale, limit } }),
    staleTime: 5 * 60_000,
  })

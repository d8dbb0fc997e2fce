import { queryOptions } from '@tanstack/react-query'
import type { Locale } from '~/modules/i18n/locales'
import { searchGamesFn } from './search.functions'

/** One search: the same query, language and size share an answer for a minute. */
export const searchQuery = (q: string, locale: Locale, limit: number) =>
  queryOptions({
    queryKey: ['search', locale, limit, q],
    queryFn: () => searchGamesFn({ data: { q, locale, limit } }),
    staleTime: 60_000,
  })

import { queryOptions } from '@tanstack/react-query'
import type { Locale } from '~/modules/i18n/locales'
import { getCategory } from './category.functions'

export const categoryQuery = (code: string, locale: Locale) =>
  queryOptions({
    queryKey: ['catalog', 'category', code, locale],
    queryFn: () => getCategory({ data: { code, locale } }),
    staleTime: 5 * 60_000,
  })

import { queryOptions } from '@tanstack/react-query'
import type { Locale } from '~/modules/i18n/locales'
import { getArticleBySlug, getNews, getPageBySlug, getRedirects, getShortLinkTarget } from './content.functions'
import type { RedirectMap } from './redirects'
import { clientLog } from '~/modules/ops/client-log'

export const newsQuery = (locale: Locale, page: number) =>
  queryOptions({
    queryKey: ['cms', 'news', locale, page],
    queryFn: () => getNews({ data: { locale, page } }),
    staleTime: 5 * 60_000,
  })

export const articleQuery = (slug: string, locale: Locale) =>
  queryOptions({
    queryKey: ['cms', 'article', slug, locale],
    queryFn: () => getArticleBySlug({ data: { slug, locale } }),
    staleTime: 5 * 60_000,
  })

export const cmsPageQuery = (slug: string, locale: Locale) =>
  queryOptions({
    queryKey: ['cms', 'page', slug, locale],
    queryFn: () => getPageBySlug({ data: { slug, locale } }),
    staleTime: 5 * 60_000,
  })

export const shortLinkQuery = (alias: string) =>
  queryOptions({
    queryKey: ['cms', 'short-link', alias],
    queryFn: () => getShortLinkTarget({ data: { alias } }),
    staleTime: 5 * 60_000,
  })

/** The whole redirect map, fetched once per visit (the server entry already redirected the first request). */
export const redirectsQuery = () =>
  queryOptions({
    queryKey: ['cms', 'redirects'],
    queryFn: async (): Promise<RedirectMap> => {
      try {
        return await getRedirects()
      } catch (error) {
        // The message, not the stack: on the server this also runs while the database is away.
        clientLog.error('Redirect map load failed', error)
        return {}
      }
    },
    staleTime: Infinity,
  })

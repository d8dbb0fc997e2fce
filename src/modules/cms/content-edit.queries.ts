import { queryOptions } from '@tanstack/react-query'
import {
  adminArticleFn,
  adminArticlesFn,
  adminContentOptionsFn,
  adminLinksFn,
  adminPageFn,
  adminPagesFn,
  adminRedirectsFn,
  adminShortLinksFn,
} from './content-edit.functions'
import type { ArticleListQuery } from './content-edit.schemas'

export const adminContentOptionsQuery = () =>
  queryOptions({ queryKey: ['admin', 'content', 'options'], queryFn: () => adminContentOptionsFn() })

export const adminArticlesQuery = (query: ArticleListQuery) =>
  queryOptions({ queryKey: ['admin', 'content', 'articles', query], queryFn: () => adminArticlesFn({ data: query }) })

/** The editor keeps its copy while open: a background refetch would silently move its version on. */
export const adminArticleQuery = (id: number) =>
  queryOptions({
    queryKey: ['admin', 'content', 'article', id],
    queryFn: () => adminArticleFn({ data: { id } }),
    staleTime: Infinity,
  })

export const adminPagesQuery = () =>
  queryOptions({ queryKey: ['admin', 'content', 'pages'], queryFn: () => adminPagesFn() })

export const adminPageQuery = (id: number) =>
  queryOptions({
    queryKey: ['admin', 'content', 'page', id],
    queryFn: () => adminPageFn({ data: { id } }),
    staleTime: Infinity,
  })

export const adminShortLinksQuery = () =>
  queryOptions({ queryKey: ['admin', 'content', 'short-links'], queryFn: () => adminShortLinksFn() })

export const adminRedirectsQuery = () =>
  queryOptions({ queryKey: ['admin', 'content', 'redirects'], queryFn: () => adminRedirectsFn() })

export const adminLinksQuery = () =>
  queryOptions({ queryKey: ['admin', 'content', 'links'], queryFn: () => adminLinksFn() })

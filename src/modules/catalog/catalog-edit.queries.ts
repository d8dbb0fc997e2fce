import { queryOptions } from '@tanstack/react-query'
import { adminCatalogOptionsFn, adminGameFn, adminGamesFn } from './catalog-edit.functions'
import type { AdminGamesQuery } from './catalog-edit.schemas'
import { adminNavigationFn } from './navigation-edit.functions'

export const adminGamesQuery = (query: AdminGamesQuery) =>
  queryOptions({ queryKey: ['admin', 'games', query], queryFn: () => adminGamesFn({ data: query }) })

export const adminGameQuery = (id: number) =>
  queryOptions({ queryKey: ['admin', 'game', id], queryFn: () => adminGameFn({ data: { id } }) })

/** Categories and covers change rarely: kept for the session. */
export const adminCatalogOptionsQuery = () =>
  queryOptions({ queryKey: ['admin', 'catalog-options'], queryFn: () => adminCatalogOptionsFn(), staleTime: 60_000 })

export const adminNavigationQuery = () =>
  queryOptions({ queryKey: ['admin', 'content', 'navigation'], queryFn: () => adminNavigationFn() })

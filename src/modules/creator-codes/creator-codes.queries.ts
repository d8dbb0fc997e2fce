import { queryOptions } from '@tanstack/react-query'
import { adminCreatorCodesFn, getCreatorSupportFn, getMyCreatorCodeFn } from './creator-codes.functions'

/** Keys start with 'creator' so one invalidation refreshes every view of a code. */
export const creatorQueries = {
  mine: () => queryOptions({ queryKey: ['creator', 'mine'], queryFn: () => getMyCreatorCodeFn() }),
  support: () => queryOptions({ queryKey: ['creator', 'support'], queryFn: () => getCreatorSupportFn() }),
  admin: (q?: string) =>
    queryOptions({ queryKey: ['creator', 'admin', q ?? ''], queryFn: () => adminCreatorCodesFn({ data: { q } }) }),
}

import { queryOptions } from '@tanstack/react-query'
import { exportLinkFn, privacyOverviewFn } from './privacy.functions'

export const PRIVACY_KEY = ['privacy'] as const

/** The profile's privacy section (fetched when the section is shown). */
export const privacyOverviewQuery = () =>
  queryOptions({ queryKey: [...PRIVACY_KEY, 'overview'], queryFn: () => privacyOverviewFn() })

/** The data file's link page: never cached, each look asks the server. */
export const exportLinkQuery = (token: string) =>
  queryOptions({
    queryKey: [...PRIVACY_KEY, 'export-link', token],
    queryFn: () => exportLinkFn({ data: { token } }),
    staleTime: 0,
  })
